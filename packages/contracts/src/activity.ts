import { z } from "zod";
import type { TPermissionMap } from "./permissions/index.js";
import { can } from "./permissions/index.js";

/**
 * The Activity timeline of one applicant (issue 16 §4): everything that happened to the person,
 * newest first, from the records that hold it. Each kind is read with its own permission; a
 * kind the reader may not read is absent (not empty, not counted).
 */
export const ACTIVITY_KINDS = ["comment", "change", "document", "plan"] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<TActivityKind, string> = {
  comment: "Comments",
  change: "Changes",
  document: "Documents",
  plan: "Plans",
};

/** The permission key each kind is read with (comments also by the comment type's permission). */
export const ACTIVITY_KIND_PERMISSIONS: Record<TActivityKind, string> = {
  comment: "comments",
  change: "users",
  document: "userDocuments",
  plan: "timeplans",
};

/** The kinds a reader with these permissions sees. */
export const readableActivityKinds = (permissions: TPermissionMap): TActivityKind[] =>
  ACTIVITY_KINDS.filter((k) => can(permissions, ACTIVITY_KIND_PERMISSIONS[k], "read"));

/** Applicant columns whose changes the timeline shows (from History), with their labels. */
export const ACTIVITY_CHANGE_LABELS = {
  status: "Status",
  crewing_status_id: "Crewing status",
  readiness_date: "Readiness",
  role_id: "Rank",
  wage: "Expected wage",
  hot: "Hot",
} as const;
export type TActivityChangeColumn = keyof typeof ACTIVITY_CHANGE_LABELS;

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_MAX_PAGE_SIZE = 100;

/** `2026-11-27T10:00:00.000Z~d:123`: the last item of the page before (its moment and key). */
export const ZActivityCursor = z
  .string()
  .max(60)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~[a-z]{1,3}:\d{1,12}$/, "is not a cursor of this list");

/** GET /api/users/{id}/activity?filter[kind]=comment,plan&page[size]=25&page[before]=... */
export const ZActivityQuery = z.strictObject({
  filter: z
    .strictObject({
      /** Comma separated kinds; absent or `all`: every kind the reader may read. */
      kind: z
        .string()
        .max(200)
        .transform((v, ctx) => {
          if (v === "" || v === "all") return undefined;
          const kinds = v.split(",").map((k) => k.trim());
          for (const k of kinds)
            if (!(ACTIVITY_KINDS as readonly string[]).includes(k)) {
              ctx.addIssue({ code: "custom", message: `'${k}' is not a kind of activity` });
              return z.NEVER;
            }
          return kinds as TActivityKind[];
        })
        .optional(),
    })
    .optional(),
  page: z
    .strictObject({
      size: z.coerce.number().int().min(1).max(ACTIVITY_MAX_PAGE_SIZE).optional(),
      before: ZActivityCursor.optional(),
    })
    .optional(),
});
export type TActivityQuery = z.output<typeof ZActivityQuery>;

const ZPerson = z.object({ id: z.number().int(), name: z.string() }).nullable();

const ZChange = z.object({
  column: z.string(),
  label: z.string(),
  /** Display values: titles for ids, ISO days for dates, numbers and booleans as they are. */
  from: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  to: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type TActivityChange = z.infer<typeof ZChange>;

const base = {
  /** Unique in the timeline: `c:12` a comment, `v:5` a version, `d:7`/`x:7` a document added/expiring, `p:3` a plan. */
  id: z.string(),
  at: z.string(),
  actor: ZPerson,
};

export const ZActivityItem = z.discriminatedUnion("kind", [
  z.object({
    ...base,
    kind: z.literal("comment"),
    comment_id: z.number().int(),
    /** The comment's text without its markup (up to 600 characters): shown as text, never as HTML. */
    body: z.string(),
    category: z.string().nullable(),
    event: z
      .object({
        type: z.string().nullable(),
        result: z.string().nullable(),
        source: z.string().nullable(),
      })
      .nullable(),
    attachment: z.object({ id: z.number().int(), filename: z.string(), content_type: z.string() }).nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal("change"),
    /** The applicant was added (`create`) or changed (`update`). */
    event: z.enum(["create", "update"]),
    changes: z.array(ZChange),
  }),
  z.object({
    ...base,
    kind: z.literal("document"),
    /** added; expires (in the next 30 days); expired. */
    action: z.enum(["added", "expires", "expired"]),
    document_id: z.number().int(),
    title: z.string(),
    number: z.string(),
    valid_until: z.string().nullable(),
    /** A newer document of the same kind was added since (its expiry no longer matters). */
    renewed: z.boolean(),
  }),
  z.object({
    ...base,
    kind: z.literal("plan"),
    /** planned (the plan was made); moved (its dates, row or status changed). */
    action: z.enum(["planned", "moved"]),
    plan_id: z.number().int(),
    vessel: z.string().nullable(),
    rank: z.string().nullable(),
    start: z.string(),
    end: z.string(),
    status: z.string(),
    changes: z.array(ZChange),
  }),
]);
export type TActivityItem = z.infer<typeof ZActivityItem>;

/**
 * The answer, a JSON:API document: `{data: [{type: "activities", id, attributes}], meta: {kinds, next}}`;
 * `kinds` are the kinds this reader sees, `next` the cursor of the following page (null at the end).
 */
export const ZActivityAnswer = z.object({
  data: z.array(
    z.object({
      type: z.literal("activities"),
      id: z.string(),
      attributes: z.record(z.string(), z.unknown()),
    }),
  ),
  meta: z.object({
    kinds: z.array(z.enum(ACTIVITY_KINDS)),
    next: z.string().nullable(),
  }),
});

/** The items of an answer, checked one by one (an item of a kind this client does not know is left out). */
export const activityItemsOf = (answer: z.infer<typeof ZActivityAnswer>): TActivityItem[] =>
  answer.data.flatMap((d) => {
    const parsed = ZActivityItem.safeParse({ ...d.attributes, id: d.id });
    return parsed.success ? [parsed.data] : [];
  });
