import { comments } from "@crew/contracts";
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from "@mantine/core";
import { IconMessagePlus } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useSession } from "../../session/use-session";
import { CommentCard } from "./CommentCard";
import { InteractionDialog } from "./InteractionDialog";
import { isEmptyDraft, readDraft, type TApplicantNow } from "./interaction-draft";
import { useCommentThread, useDeleteComment, useInteractionOptions, type TComment } from "./use-comments";

/** The signed-in account wrote this comment (the author relationship names a client). */
export const authorIdOf = (comment: TComment): string | null => {
  const data = comment.relationships?.author?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

/**
 * /users/:id/comments (spec 001 §2, §4): the applicant's comments, newest first, filtered by
 * comment type (default all, kept in the address), and the new-comment dialog with the
 * interaction form. Only the types the reader's position may read are offered or served.
 */
export const ApplicantComments = ({ userId, now }: { userId: string; now: TApplicantNow }) => {
  const { user, can } = useSession();
  const [params, setParams] = useSearchParams();
  const category = params.get("category") || "all";
  const thread = useCommentThread({ type: "users", id: userId }, category);
  const options = useInteractionOptions();
  const remove = useDeleteComment();
  const [open, setOpen] = useState(false);
  const types = options.data?.types ?? [];
  const title = (code: string) => types.find((t) => t.code === code)?.title ?? code;
  const mayCreate = can(comments.permission, "create") && types.some((t) => t.can_create);
  const hasDraft = !isEmptyDraft(readDraft(userId));
  const mayDelete = (c: TComment) =>
    (authorIdOf(c) === String(user?.clientId) || can(comments.permission, "delete")) &&
    (c.attributes.category === null || types.some((t) => t.code === c.attributes.category && t.can_delete));
  const choose = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!value || value === "all") next.delete("category");
        else next.set("category", value);
        return next;
      },
      { replace: true },
    );
  const list = thread.data?.data ?? [];

  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} shadow="xs">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label="Type"
            aria-label="Comment type"
            data={[{ value: "all", label: "All" }, ...types.map((t) => ({ value: t.code, label: t.title }))]}
            value={category}
            onChange={choose}
            allowDeselect={false}
            w={{ base: "100%", xs: 220 }}
            data-testid="comment-category-filter"
          />
          {mayCreate ? (
            <Button leftSection={<IconMessagePlus size={16} />} onClick={() => setOpen(true)}>
              {hasDraft ? "Continue the draft" : "New comment"}
            </Button>
          ) : null}
        </Group>
        {thread.isPending ? (
          <Stack gap="sm">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={64} radius="md" />
            ))}
          </Stack>
        ) : thread.isError ? (
          <Alert color="red" title="The comments could not be loaded">
            Try again in a moment.
          </Alert>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No comments{category === "all" ? "" : " of this type"} yet.
          </Text>
        ) : (
          <Stack gap="sm" data-testid="comment-list">
            {list.map((c) => (
              <CommentCard
                key={c.id}
                comment={c}
                mayDelete={mayDelete(c)}
                categoryTitle={title}
                onDelete={(id) => remove.mutate(id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {open ? <InteractionDialog userId={userId} now={now} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
};
