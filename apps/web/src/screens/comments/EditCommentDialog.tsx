import { COMMENT_EDIT_WINDOW_MS, comments } from "@crew/contracts";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { update } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { bodyHtml, bodyText } from "./comment-body";
import { MentionTextarea } from "./MentionTextarea";
import type { TComment } from "./use-comments";

const MINUTES = Math.round(COMMENT_EDIT_WINDOW_MS / 60_000);

/**
 * Corrects a comment's text (issue 16): its author, within the minutes the server allows
 * (`editable`). Only the text changes, and only on Save; the thread shows "edited" afterwards.
 */
export const EditCommentDialog = ({ comment, onClose }: { comment: TComment; onClose: () => void }) => {
  const [initial] = useState(() => bodyText(comment.attributes.body));
  const [text, setText] = useState(initial.text);
  const [mentions, setMentions] = useState(initial.mentions);
  const [error, setError] = useState<string | undefined>();
  const save = useResourceMutation({
    mutationFn: () => update(comments.type, comment.id, { body: bodyHtml(text, mentions) }),
    notice: "The comment updated successfully",
    invalidates: [comments.type, "users", "time_plans", "tasks"],
    onSuccess: onClose,
    onFailure: (action) => setError(action?.kind === "fields" ? action.fields.body : undefined),
  });
  const unchanged = text.trim() === initial.text.trim();
  return (
    <Modal opened onClose={onClose} title="Edit comment" size="lg">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          A comment can be corrected by its author for {MINUTES} minutes after it is written.
        </Text>
        <MentionTextarea
          label="Comment"
          value={text}
          mentions={mentions}
          onChange={(value, next) => {
            setText(value);
            setMentions(next);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={unchanged || text.trim() === ""}
            data-testid="comment-edit-save"
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
