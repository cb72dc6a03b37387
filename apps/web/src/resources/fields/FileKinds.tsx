import { Button, FileButton, Input, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import {
  addFiles,
  draftOf,
  isFileDraft,
  isMultipleFiles,
  removeItem,
  storedFilesOf,
  type TFileDraft,
} from "./file-draft";
import type { TFieldInputProps, TFieldViewProps } from "./field-kind-types";
import { FileItemRow } from "./FileItemRow";
import { StoredFileLink } from "./StoredFileLink";

// Drag and drop is a chunk of its own: only forms with a `files` field load it.
const SortableFileList = lazy(() =>
  import("./SortableFileList").then((m) => ({ default: m.SortableFileList })),
);

/** What a field accepts in the file picker, from its upload rules (the server checks the content anyway). */
export const acceptOf = (props: Pick<TFieldInputProps, "attr">): string | undefined =>
  props.attr.kind === "image" || props.attr.file?.accept === "image"
    ? "image/*"
    : props.attr.file?.accept === "docxTemplate"
      ? ".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
      : undefined;

export const draftValue = (props: Pick<TFieldInputProps, "value">): TFileDraft =>
  isFileDraft(props.value) ? props.value : draftOf(null);

/** Picks one file or several; files go up after the record is saved, with progress per file. */
export const FileKindInput = (props: TFieldInputProps) => {
  const { attr, name, error, required, disabled, onChange } = props;
  const draft = draftValue(props);
  const multiple = isMultipleFiles(attr);
  const pick = (files: File[] | File | null) => {
    const list = files === null ? [] : Array.isArray(files) ? files : [files];
    if (list.length) onChange(addFiles(draft, list, multiple));
  };
  return (
    <Input.Wrapper label={attr.label} error={error} withAsterisk={required} id={`${name}-files`}>
      <Stack gap={0} mt={4}>
        {multiple && draft.items.length > 1 ? (
          <Suspense fallback={null}>
            <SortableFileList draft={draft} disabled={disabled} onChange={onChange} />
          </Suspense>
        ) : (
          draft.items.map((item) => (
            <FileItemRow
              key={item.key}
              item={item}
              disabled={disabled}
              onRemove={() => onChange(removeItem(draft, item.key))}
            />
          ))
        )}
        {draft.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No file yet
          </Text>
        ) : null}
        <FileButton onChange={pick} multiple={multiple} accept={acceptOf(props)} disabled={disabled}>
          {(button) => (
            <Button
              {...button}
              variant="default"
              size="xs"
              mt="xs"
              w="fit-content"
              leftSection={<IconUpload size={14} />}
              aria-label={`Choose ${attr.label.toLowerCase()}`}
            >
              {multiple ? "Add files" : draft.items.length ? "Replace file" : "Choose file"}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Input.Wrapper>
  );
};

export const FileCell = ({ value }: TFieldViewProps) => {
  const files = storedFilesOf(value);
  const first = files[0];
  if (!first) return null;
  return files.length === 1 ? <StoredFileLink file={first} /> : <Text size="sm">{files.length} files</Text>;
};

export const FileDisplay = ({ value }: TFieldViewProps) => (
  <Stack gap={4}>
    {storedFilesOf(value).map((file) => (
      <StoredFileLink key={String(file.id)} file={file} withSize />
    ))}
  </Stack>
);
