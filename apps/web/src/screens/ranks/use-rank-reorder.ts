import type { DropResult } from "@hello-pangea/dnd";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useApiErrorHandler } from "../../errors";
import { notifySuccess } from "../../notices";
import { updateRecord } from "../../resources/data/resource-client";
import type { TListPage, TResourceRecord } from "../../resources/data/resource-types";
import { invalidateResource } from "../../resources/data/use-resource-queries";
import type { TBodyContext } from "../../resources/list/ResourceListScreen";
import type { TScreenConfig } from "../../resources/screen-config";
import { RANKS_SORTED_MESSAGE } from "./rank-messages";
import { moveRecord } from "./reorder";

/**
 * The drop of a rank (spec 002 section 4): the page re-sorts at once, the server is told
 * the new 1-based position, and the old order comes back if it refuses. A drop in place or
 * outside the list does nothing.
 */
export const useRankReorder = (
  config: TScreenConfig,
  records: readonly TResourceRecord[],
  context: TBodyContext,
) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { queryKey, list } = context;
  const { page, perPage } = list.query;

  const onDragEnd = useCallback(
    async (result: DropResult) => {
      if (!result.destination) return;
      const offset = (page - 1) * perPage;
      const next = moveRecord(records, result.source.index, result.destination.index, offset);
      const moved = records[result.source.index];
      if (!next || !moved) return;
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TListPage>(queryKey);
      if (previous) queryClient.setQueryData<TListPage>(queryKey, { ...previous, data: next });
      try {
        await updateRecord(config.def, moved.id, {
          attributes: { crewing_priority: offset + result.destination.index + 1 },
          relationships: {},
        });
      } catch (error) {
        if (previous) queryClient.setQueryData<TListPage>(queryKey, previous);
        handleError(error);
        return;
      }
      notifySuccess(RANKS_SORTED_MESSAGE);
      // Other pages and records renumbered on the server too.
      void invalidateResource(queryClient, config.def.type);
    },
    [config.def, records, queryClient, queryKey, page, perPage, handleError],
  );

  return (result: DropResult) => void onDragEnd(result);
};
