import { DragDropContext, Draggable, Droppable, type DropResult } from "@hello-pangea/dnd";
import { Table, Tooltip } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useApiErrorHandler } from "../../errors";
import { notifySuccess } from "../../notices";
import { updateRecord } from "../../resources/data/resource-client";
import type { TListPage, TResourceRecord } from "../../resources/data/resource-types";
import { invalidateResource } from "../../resources/data/use-resource-queries";
import { RecordCells } from "../../resources/list/RecordCells";
import type { TBodyContext } from "../../resources/list/ResourceListScreen";
import type { TScreenConfig } from "../../resources/screen-config";
import { RANKS_SORTED_MESSAGE } from "./rank-messages";
import { moveRecord } from "./reorder";
import classes from "./ranks.module.css";
import { recordTitle } from "../../resources/format";

export interface TRanksBodyProps {
  config: TScreenConfig;
  records: readonly TResourceRecord[];
  context: TBodyContext;
  /** Dragging is offered only where a position means a priority (see canReorder). */
  enabled: boolean;
}

/**
 * The ranks table body with drag-to-reorder (spec 002 section 4): the page re-sorts at once,
 * the server is told the new 1-based position, and the old order comes back if it refuses.
 */
export const RanksBody = ({ config, records, context, enabled }: TRanksBodyProps) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { queryKey, list, columns, included, detailsHref, rowActions } = { ...context, included: context.page.included };

  const onDragEnd = async (result: DropResult) => {
    if (!result.destination) return;
    const offset = (list.query.page - 1) * list.query.perPage;
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
  };

  return (
    <DragDropContext onDragEnd={(result) => void onDragEnd(result)}>
      <Droppable droppableId="ranks">
        {(drop) => (
          <Table.Tbody ref={drop.innerRef} {...drop.droppableProps}>
            {records.map((record, index) => (
              <Draggable key={record.id} draggableId={record.id} index={index} isDragDisabled={!enabled}>
                {(drag, snapshot) => (
                  <Table.Tr
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    className={snapshot.isDragging ? classes.dragging : undefined}
                    data-testid="rank-row"
                  >
                    <Table.Td className={classes.handleCell}>
                      <Tooltip
                        label={enabled ? "Drag to change the crewing priority" : "Sort by crewing priority, without filter or search, to reorder"}
                        disabled={snapshot.isDragging}
                      >
                        <span
                          {...drag.dragHandleProps}
                          className={classes.handle}
                          data-disabled={!enabled || undefined}
                          aria-label={`Reorder ${recordTitle(record, "title")}`}
                        >
                          <IconGripVertical size={16} />
                        </span>
                      </Tooltip>
                    </Table.Td>
                    <RecordCells
                      record={record}
                      columns={columns}
                      included={included}
                      detailsHref={detailsHref(record)}
                      actions={rowActions?.(record)}
                    />
                  </Table.Tr>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </Table.Tbody>
        )}
      </Droppable>
    </DragDropContext>
  );
};
