import { manningScales } from "@crew/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import {
  create,
  getManyReference,
  queryKeys,
  remove,
  runActionFor,
  update,
  type TListParams,
  type TParentRef,
} from "../../api";
import { indexIncluded } from "../../resources/data/resource-client";
import type { TListPage, TResourceRecord } from "../../resources/data/resource-types";

const PARAMS: TListParams = { page: 1, perPage: 999, sort: "crewing_priority", include: ["role"] };
const refOf = (vesselId: string): TParentRef => ({
  parentType: "vessels",
  parentId: vesselId,
  path: "manning_scales",
});
const ZCopied = z.object({ meta: z.object({ copied: z.number() }) });

/** The moved row goes to the position the row at `to` holds: the server numbers archived rows too. */
export const movedRows = (
  rows: readonly TResourceRecord[],
  from: number,
  to: number,
): TResourceRecord[] | null => {
  if (from === to || !rows[from] || !rows[to]) return null;
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  if (!moved) return null;
  next.splice(to, 0, moved);
  return next;
};

/**
 * One vessel's manning scale (GET vessels/{id}/manning_scales, page size 999) and its writes,
 * each followed by a reload of the vessel's scale everywhere it is shown (the planner too).
 */
export const useManningScale = (vesselId: string) => {
  const queryClient = useQueryClient();
  const key = queryKeys.manyReference("manning_scales", refOf(vesselId), PARAMS);
  const rows = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<TListPage> => {
      const page = await getManyReference("manning_scales", refOf(vesselId), PARAMS, signal);
      return {
        data: page.data,
        included: indexIncluded(page.included),
        total: page.total,
        lastPage: page.lastPage,
      };
    },
  });
  /** Replaces the rows on screen at once (a drop, an archive) and answers what was there. */
  const showRows = useCallback(
    (next: (rows: TResourceRecord[]) => TResourceRecord[]): TListPage | undefined => {
      const previous = queryClient.getQueryData<TListPage>(key);
      if (previous) queryClient.setQueryData<TListPage>(key, { ...previous, data: next(previous.data) });
      return previous;
    },
    [queryClient, key],
  );
  const restore = useCallback(
    (previous: TListPage | undefined) => previous && queryClient.setQueryData(key, previous),
    [queryClient, key],
  );

  return {
    rows,
    showRows,
    restore,
    addRank: (rankId: string, offer: number | null) =>
      create("manning_scales", offer === null ? {} : { template_offer: offer }, {
        role: { type: "ranks", id: rankId },
        vessel: { type: "vessels", id: vesselId },
      }),
    setAttributes: (id: string, attributes: Record<string, unknown>) =>
      update(manningScales.type, id, attributes),
    removeRow: (id: string) => remove(manningScales.type, id),
    copyFrom: (fromVesselId: string, mode: "add" | "replace") =>
      runActionFor(
        manningScales,
        "duplicate_manning_scales",
        { input: { from_vessel_id: fromVesselId, to_vessel_id: vesselId, mode } },
        ZCopied,
      ),
  };
};
