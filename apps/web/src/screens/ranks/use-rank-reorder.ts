import type { DropResult } from "@hello-pangea/dnd";
import { useQueryClient } from "@tanstack/react-query";
import { updateRecord } from "../../resources/data/resource-client";
import type { TListPage, TResourceRecord } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import type { TBodyContext } from "../../resources/list/ResourceListScreen";
import type { TScreenConfig } from "../../resources/screen-config";
import { RANKS_SORTED_MESSAGE } from "./rank-messages";
import { moveRecord } from "./reorder";

interface TMove {
  id: string;
  position: number;
  /** The page as it was before the drop, put back if the server refuses. */
  previous: TListPage | undefined;
}

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
  const { queryKey, list } = context;
  const { page, perPage } = list.query;

  const move = useResourceMutation<TMove>({
    mutationFn: ({ id, position }) =>
      updateRecord(config.def, id, { attributes: { crewing_priority: position }, relationships: {} }),
    notice: RANKS_SORTED_MESSAGE,
    // Other pages and records renumbered on the server too.
    invalidates: [config.def],
    onFailure: (_action, _error, { previous }) => {
      if (previous) queryClient.setQueryData<TListPage>(queryKey, previous);
    },
  });

  const onDragEnd = async (result: DropResult) => {
    if (!result.destination) return;
    const offset = (page - 1) * perPage;
    const next = moveRecord(records, result.source.index, result.destination.index, offset);
    const moved = records[result.source.index];
    if (!next || !moved) return;
    await queryClient.cancelQueries({ queryKey });
    const previous = queryClient.getQueryData<TListPage>(queryKey);
    if (previous) queryClient.setQueryData<TListPage>(queryKey, { ...previous, data: next });
    await move
      .mutateAsync({ id: moved.id, position: offset + result.destination.index + 1, previous })
      .catch(() => undefined);
  };

  return (result: DropResult) => void onDragEnd(result);
};
