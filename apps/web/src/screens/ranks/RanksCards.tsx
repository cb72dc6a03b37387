import { DragDropContext, Draggable, Droppable } from "@hello-pangea/dnd";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { recordTitle } from "../../resources/format";
import listClasses from "../../resources/list/list.module.css";
import { RecordCardContent } from "../../resources/list/RecordCard";
import type { TRanksBodyProps } from "./RanksBody";
import { DragHandle } from "./DragHandle";
import { useRankReorder } from "./use-rank-reorder";
import classes from "./ranks.module.css";

/** Ranks on a phone: the same cards as other lists, each with a grip to drag it by. */
export const RanksCards = ({ config, records, context, enabled }: TRanksBodyProps) => {
  const onDragEnd = useRankReorder(config, records, context);
  const { columns, detailsHref, rowActions, page } = context;
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId="ranks-cards">
        {(drop) => (
          <div ref={drop.innerRef} {...drop.droppableProps}>
            {records.map((record: TResourceRecord, index) => (
              <Draggable key={record.id} draggableId={record.id} index={index} isDragDisabled={!enabled}>
                {(drag, snapshot) => (
                  <div
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    className={`${listClasses.card} ${snapshot.isDragging ? classes.draggingCard : ""}`}
                    data-testid="rank-card"
                  >
                    <RecordCardContent
                      record={record}
                      columns={columns}
                      included={page.included}
                      detailsHref={detailsHref(record)}
                      actions={rowActions?.(record)}
                      leading={
                        <DragHandle
                          handleProps={drag.dragHandleProps}
                          name={recordTitle(record, "title")}
                          enabled={enabled}
                          dragging={snapshot.isDragging}
                        />
                      }
                    />
                  </div>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </div>
        )}
      </Droppable>
    </DragDropContext>
  );
};
