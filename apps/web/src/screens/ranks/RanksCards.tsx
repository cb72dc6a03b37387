import { SortableStack } from "../../lib/SortableStack";
import { recordTitle } from "../../resources/format";
import listClasses from "../../resources/list/list.module.css";
import { RecordCardContent } from "../../resources/list/RecordCard";
import { SelectRowBox } from "../../resources/list/SelectControls";
import type { TRanksBodyProps } from "./RanksBody";
import { DragHandle } from "./DragHandle";
import { useRankReorder } from "./use-rank-reorder";
import classes from "./ranks.module.css";

/** Ranks on a phone: the same cards as other lists, each with a grip to drag it by. */
export const RanksCards = ({ config, records, context, enabled }: TRanksBodyProps) => {
  const onDragEnd = useRankReorder(config, records, context);
  const { columns, detailsHref, rowActions, page, selection, nameOf } = context;
  return (
    <SortableStack
      droppableId="ranks-cards"
      items={records}
      keyOf={(record) => record.id}
      onDragEnd={onDragEnd}
      isDragDisabled={() => !enabled}
      itemClassName={(dragging) => `${listClasses.card} ${dragging ? classes.draggingCard : ""}`}
      itemTestId="rank-card"
    >
      {(record, drag) => (
        <RecordCardContent
          record={record}
          columns={columns}
          included={page.included}
          detailsHref={detailsHref(record)}
          actions={rowActions?.(record)}
          select={
            selection ? (
              <SelectRowBox selection={selection} id={record.id} name={nameOf(record)} />
            ) : undefined
          }
          leading={
            <DragHandle
              handleProps={drag.handleProps}
              name={recordTitle(record, "title")}
              enabled={enabled}
              dragging={drag.dragging}
            />
          }
        />
      )}
    </SortableStack>
  );
};
