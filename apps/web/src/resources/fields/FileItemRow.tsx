import { ActionIcon, Group, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconFileUpload, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatBytes, type TFileDraftItem } from "./file-draft";
import { StoredFileLink } from "./StoredFileLink";

/** One file of a file field: stored (a download link) or picked (name and size), its upload progress or error, and remove. */
export const FileItemRow = ({
  item,
  onRemove,
  leading,
  disabled,
}: {
  item: TFileDraftItem;
  onRemove?: () => void;
  leading?: ReactNode;
  disabled?: boolean;
}) => {
  const upload = item.upload;
  const name = item.stored?.filename ?? item.file?.name ?? "";
  return (
    <Stack gap={4} py={6} data-testid="file-item">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" miw={0} style={{ flex: 1 }}>
          {leading}
          {item.stored ? (
            <StoredFileLink file={item.stored} withSize />
          ) : (
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconFileUpload size={14} style={{ flex: "none" }} color="var(--mantine-color-blue-6)" />
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" style={{ flex: "none" }}>
                {item.file
                  ? upload
                    ? formatBytes(item.file.size)
                    : `${formatBytes(item.file.size)} · uploads on save`
                  : ""}
              </Text>
            </Group>
          )}
        </Group>
        {upload?.status === "done" ? (
          <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-label="Uploaded" />
        ) : null}
        {upload?.status === "failed" ? (
          <Tooltip label={upload.error ? `Not uploaded: ${upload.error}` : "Not uploaded"}>
            <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-label="Failed" />
          </Tooltip>
        ) : null}
        {onRemove && !upload ? (
          <Tooltip label="Remove" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={onRemove}
              disabled={disabled}
              aria-label={`Remove ${name}`}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {upload && upload.status !== "failed" ? (
        <Progress
          size="sm"
          value={
            upload.total > 0
              ? Math.round((upload.loaded / upload.total) * 100)
              : upload.status === "done"
                ? 100
                : 0
          }
          animated={upload.status === "uploading"}
          color={upload.status === "done" ? "teal" : "blue"}
          aria-label={`Upload of ${name}`}
        />
      ) : null}
      {upload?.error ? (
        <Text size="xs" c="red.7" role="alert">
          {upload.error}
        </Text>
      ) : null}
    </Stack>
  );
};
