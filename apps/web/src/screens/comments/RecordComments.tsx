import { comments } from "@crew/contracts";
import { Button, Group, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { z } from "zod";
import { runActionFor, type TResourceRef } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";
import { authorIdOf } from "./ApplicantComments";
import { bodyHtml, type TMention } from "./comment-body";
import { CommentCard } from "./CommentCard";
import { MentionTextarea } from "./MentionTextarea";
import { useCommentThread, useDeleteComment, type TThreadOf, type TThreadOrder } from "./use-comments";

const ZAnswer = z.object({ meta: z.object({ message: z.string() }).partial().optional() }).passthrough();

/**
 * One record's comments and a box to add one with @-mentions (a plan's in its editor, a task's in
 * its drawer): `order` newest first for a plan, oldest first for a task (read as a conversation).
 * The comment is written for that record; `invalidates` names what else the comment changes (a
 * plan's label shows its newest comment; a task's finish conditions count its comments).
 */
export const RecordComments = ({
  of,
  order = "newest",
  emptyText,
  invalidates,
  testId,
  addTestId,
}: {
  of: TThreadOf;
  order?: TThreadOrder;
  emptyText: string;
  invalidates: readonly TResourceRef[];
  testId: string;
  addTestId: string;
}) => {
  const { user, can } = useSession();
  const thread = useCommentThread(of, "all", order);
  const remove = useDeleteComment();
  const [text, setText] = useState("");
  const [mentions, setMentions] = useState<TMention[]>([]);
  const [error, setError] = useState<string | undefined>();
  const add = useResourceMutation({
    mutationFn: () =>
      runActionFor(
        comments,
        "create",
        {
          input: { body: bodyHtml(text, mentions), addressable_type: of.type, addressable_id: Number(of.id) },
        },
        ZAnswer,
      ),
    notice: (answer) => answer.meta?.message ?? "The comment created successfully",
    invalidates: [comments, ...invalidates],
    onSuccess: () => {
      setText("");
      setMentions([]);
      setError(undefined);
    },
    onFailure: (action) => setError(action?.kind === "fields" ? action.fields.body : undefined),
  });
  const list = thread.data?.data ?? [];
  const mayCreate = can(comments.permission, "create");

  return (
    <Stack gap="xs" data-testid={testId}>
      <Text size="sm" fw={600}>
        Comments
      </Text>
      {thread.isPending ? (
        <Skeleton height={48} radius="md" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={order === "newest" ? 260 : 420} type="auto">
          <Stack gap="xs">
            {list.map((c) => (
              <CommentCard
                key={c.id}
                comment={c}
                mayDelete={authorIdOf(c) === String(user?.clientId) || can(comments.permission, "delete")}
                onDelete={(id) => remove.mutate(id)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {mayCreate ? (
        <Stack gap={6}>
          <MentionTextarea
            label="New comment"
            placeholder="Write a comment; @ mentions a colleague"
            minRows={2}
            value={text}
            mentions={mentions}
            onChange={(value, next) => {
              setText(value);
              setMentions(next);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              onClick={() => add.mutate()}
              loading={add.isPending}
              disabled={text.trim() === ""}
              data-testid={addTestId}
            >
              Add comment
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
};
