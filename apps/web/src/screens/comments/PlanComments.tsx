import { comments } from "@crew/contracts";
import { Button, Group, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { z } from "zod";
import { runActionFor } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";
import { authorIdOf } from "./ApplicantComments";
import { bodyHtml, type TMention } from "./comment-body";
import { CommentCard } from "./CommentCard";
import { MentionTextarea } from "./MentionTextarea";
import { useCommentThread, useDeleteComment } from "./use-comments";

const ZAnswer = z.object({ meta: z.object({ message: z.string() }).partial().optional() }).passthrough();

/**
 * A plan's comments in its editor (spec 002 §3, §4): newest first, and a box to add one. The
 * newest comment becomes the plan's label text on the scheduler: the server writes it with the
 * comment and tells every open planner over the live stream.
 */
export const PlanComments = ({ planId }: { planId: string }) => {
  const { user, can } = useSession();
  const thread = useCommentThread({ type: "time_plans", id: planId });
  const remove = useDeleteComment();
  const [text, setText] = useState("");
  const [mentions, setMentions] = useState<TMention[]>([]);
  const [error, setError] = useState<string | undefined>();
  const add = useResourceMutation({
    mutationFn: () =>
      runActionFor(
        comments,
        "create",
        { input: { body: bodyHtml(text, mentions), addressable_type: "time_plans", addressable_id: planId } },
        ZAnswer,
      ),
    notice: (answer) => answer.meta?.message ?? "The comment created successfully",
    invalidates: [comments.type, "time_plans"],
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
    <Stack gap="xs" data-testid="plan-comments">
      <Text size="sm" fw={600}>
        Comments
      </Text>
      {thread.isPending ? (
        <Skeleton height={48} radius="md" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments on this plan yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto">
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
              data-testid="plan-comment-add"
            >
              Add comment
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
};
