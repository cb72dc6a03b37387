import type { DropResult } from "@hello-pangea/dnd";
import { Box } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { SortableStack } from "../../lib/SortableStack";
import type { TFormValue } from "../form/form-model";
import { moveItem, removeItem, type TFileDraft } from "./file-draft";
import { FileItemRow } from "./FileItemRow";

/** The files of a `files` field in their order, each draggable by its grip (the order is saved with the record). */
export const SortableFileList = ({
  draft,
  disabled,
  onChange,
}: {
  draft: TFileDraft;
  disabled?: boolean;
  onChange: (value: TFormValue) => void;
}) => {
  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    onChange(moveItem(draft, result.source.index, result.destination.index));
  };
  return (
    <SortableStack
      droppableId="files"
      items={draft.items}
      keyOf={(item) => item.key}
      onDragEnd={onDragEnd}
      isDragDisabled={(item) => Boolean(disabled || item.upload)}
    >
      {(item, drag) => (
        <FileItemRow
          item={item}
          disabled={disabled}
          onRemove={() => onChange(removeItem(draft, item.key))}
          leading={
            <Box
              {...drag.handleProps}
              aria-label={`Move ${item.stored?.filename ?? item.file?.name ?? "file"}`}
              c="dimmed"
              style={{ display: "flex", cursor: "grab" }}
            >
              <IconGripVertical size={16} />
            </Box>
          }
        />
      )}
    </SortableStack>
  );
};
