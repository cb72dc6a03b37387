import { formatDateTime } from "@crew/contracts";
import { ActionIcon, Avatar, Badge, Group, Image, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { TStoredFile } from "../../api";
import { StoredFileLink } from "../../resources/fields/StoredFileLink";
import { useFileObjectUrl } from "../../resources/fields/use-file-object-url";
import { initialsOf } from "../../lib/people";
import { CommentBody } from "./comment-body";
import { EditCommentDialog } from "./EditCommentDialog";
import type { TComment } from "./use-comments";

/** A picture is shown small (fetched with the session: a plain <img> cannot send it); any other file is a link. */
const Attachment = ({ file }: { file: TStoredFile }) => {
  const image = file.content_type.startsWith("image/");
  const { src } = useFileObjectUrl(image ? file.url : undefined);
  return (
    <Stack gap={4} data-testid="comment-attachment">
      {image && src ? (
        <Image src={src} alt={file.filename} maw={160} mah={120} fit="contain" radius="sm" />
      ) : null}
      <StoredFileLink file={file} withSize />
    </Stack>
  );
};

interface TProps {
  comment: TComment;
  /** The reader wrote it: they may delete it (the server also asks the type's permission). */
  mayDelete: boolean;
  categoryTitle?: (code: string) => string;
  onDelete: (id: string) => void;
}

/** One comment: who and when, its type and event, the text, the file, delete for its author. */
export const CommentCard = ({ comment, mayDelete, categoryTitle, onDelete }: TProps) => {
  const a = comment.attributes;
  const [editing, setEditing] = useState(false);
  const ask = () =>
    modals.openConfirmModal({
      title: "Delete this comment?",
      children: <Text size="sm">The comment{a.event ? " and its event" : ""} will be removed.</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => onDelete(comment.id),
    });
  const event = a.event;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="comment" data-comment-id={comment.id}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Avatar src={a.author_avatar || null} alt={a.author_name} radius="xl" size={32} color="blue">
          {initialsOf(a.author_name)}
        </Avatar>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap={6} wrap="wrap" miw={0}>
              <Text size="sm" fw={600}>
                {a.author_name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(a.created_at)}
              </Text>
              {a.category ? (
                <Badge size="sm" variant="light" tt="none" data-testid="comment-category">
                  {categoryTitle?.(a.category) ?? a.category}
                </Badge>
              ) : null}
              {event?.event_result ? (
                <Badge size="sm" variant="outline" color="gray" tt="none">
                  {event.event_result}
                </Badge>
              ) : null}
              {event?.comment_source ? (
                <Text size="xs" c="dimmed">
                  via {event.comment_source}
                </Text>
              ) : null}
            </Group>
            <Group gap={2} wrap="nowrap">
              {a.editable ? (
                <Tooltip label="Edit">
                  <ActionIcon variant="subtle" aria-label="Edit comment" onClick={() => setEditing(true)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
              {mayDelete ? (
                <Tooltip label="Delete">
                  <ActionIcon variant="subtle" color="red" aria-label="Delete comment" onClick={ask}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </Group>
          {a.body ? <CommentBody html={a.body} /> : null}
          {a.edited_at ? (
            <Text size="xs" c="dimmed" data-testid="comment-edited">
              edited {formatDateTime(a.edited_at)}
            </Text>
          ) : null}
          {a.attachment ? <Attachment file={a.attachment} /> : null}
        </Stack>
      </Group>
      {editing ? <EditCommentDialog comment={comment} onClose={() => setEditing(false)} /> : null}
    </Paper>
  );
};
