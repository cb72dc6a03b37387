import { comments, type TResourceObject } from "@crew/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { getManyReference, runActionFor, type TStoredFile } from "../../api";
import { useLiveChanges } from "../../api/use-live-changes";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";

export interface TCommentEvent {
  event_type: string;
  event_result: string | null;
  event_result1: string | null;
  event_result2: string | null;
  comment_source_id: number | null;
  comment_source: string | null;
}

export interface TCommentAttributes {
  body: string;
  addressable_type: string;
  addressable_id: number;
  category: string | null;
  author_name: string;
  author_avatar: string | null;
  event: TCommentEvent | null;
  event_result: string | null;
  mention_ids: string[];
  editable: boolean;
  edited_at: string | null;
  attachment: TStoredFile | null;
  created_at: string;
}
export type TComment = TResourceObject<TCommentAttributes>;

/** The parent record a thread hangs off: an applicant, a plan. */
export interface TThreadOf {
  type: "users" | "time_plans" | "tasks";
  id: string;
}

/** Newest first (an applicant's or a plan's thread) or oldest first (a task's, read as a conversation). */
export type TThreadOrder = "newest" | "oldest";

export const COMMENTS_KEY = (of: TThreadOf, category: string, order: TThreadOrder = "newest") =>
  [comments.type, "thread", { ...of, category, order }] as const;

/**
 * One record's comments, newest first, all of them (page size 999, the spec's), the authors
 * included; `category` "all" means every type. Every comment written anywhere (the live
 * stream's `comments`) reloads the thread.
 */
export const useCommentThread = (of: TThreadOf, category = "all", order: TThreadOrder = "newest") => {
  const queryClient = useQueryClient();
  useLiveChanges([comments.type], () => {
    void queryClient.invalidateQueries({ queryKey: [comments.type, "thread"] });
  });
  return useQuery({
    queryKey: COMMENTS_KEY(of, category, order),
    queryFn: ({ signal }) =>
      getManyReference<TCommentAttributes>(
        comments.type,
        { parentType: of.type, parentId: of.id },
        {
          perPage: 999,
          sort: order === "newest" ? "-created_at" : "created_at",
          filter: { category },
          include: ["author"],
        },
        signal,
      ),
  });
};

/** Delete a comment (its author; the server checks the type's permission too). */
export const useDeleteComment = () =>
  useResourceMutation({
    mutationFn: (id: string) => runActionFor(comments, "destroy", { id }, z.unknown()),
    notice: "The comment deleted successfully",
    invalidates: [comments.type, "users", "time_plans", "tasks"],
  });

const ZResult = z.object({ title: z.string(), effect: z.string() });
const ZOptions = z.object({
  types: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      direction: z.string(),
      can_create: z.boolean(),
      can_delete: z.boolean(),
      results: z.array(ZResult),
    }),
  ),
  sources: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type TInteractionOptions = z.output<typeof ZOptions>;

/** What the interaction form offers this reader: the comment types its position may read, their results, the sources. */
export const useInteractionOptions = () =>
  useQuery({
    queryKey: [comments.type, "interaction_options"],
    queryFn: ({ signal }) => runActionFor(comments, "interaction_options", {}, ZOptions, { signal }),
    staleTime: 60_000,
  });

export interface TCrewUser {
  id: string;
  name: string;
}

const ZCandidates = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });

/**
 * Staff for the @-picker: GET comments/mention_candidates, `{id, name}` of every active account
 * (the spec's GET clients is for roles that administer crew users only).
 */
export const useCrewUsers = (enabled: boolean) =>
  useQuery({
    queryKey: [comments.type, "mention_candidates"],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<TCrewUser[]> =>
      (await runActionFor(comments, "mention_candidates", {}, ZCandidates, { signal })).data,
  });
