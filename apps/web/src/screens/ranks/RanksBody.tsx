import { DragDropContext, Draggable, Droppable } from "@hello-pangea/dnd";
import { Table } from "@mantine/core";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { recordTitle } from "../../resources/format";
import { RecordCells } from "../../resources/list/RecordCells";
import type { TBodyContext } from "../../resources/list/ResourceListScreen";
import type { TScreenConfig } from "../../resources/screen-config";
import { DragHandle } from "./DragHandle";
import { useRankReorder } from "./use-rank-reorder";
import classes from "./ranks.module.css";

export interface TRanksBodyProps {
  config: TScreenConfig;
  records: readonly TResourceRecord[];
  context: TBodyContext;
  /** Dragging is offered only where a position means a priority (see canReorder). */
  enabled: boolean;
}

/** The ranks table body, each row draggable by its grip. */
export const RanksBody = ({ config, records, context, enabled }: TRanksBodyProps) => {
  const onDragEnd = useRankReorder(config, records, context);
  const { columns, detailsHref, rowActions, page, selection, nameOf } = context;
  return (
    <DragDropContext onDragEnd={onDragEnd}>
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
                      <DragHandle
                        handleProps={drag.dragHandleProps}
                        name={recordTitle(record, "title")}
                        enabled={enabled}
                        dragging={snapshot.isDragging}
                      />
                    </Table.Td>
                    <RecordCells
                      record={record}
                      columns={columns}
                      included={page.included}
                      detailsHref={detailsHref(record)}
                      actions={rowActions?.(record)}
                      selection={selection}
                      name={nameOf(record)}
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
