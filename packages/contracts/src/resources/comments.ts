import { z } from "zod";
import { ROLES } from "../roles.js";
import { ALL_VERBS, defineResource, type TRelationshipDef } from "../resource.js";
import { ZDateIn, ZExternalId, ZRecordId, ZWage } from "./applicant-fields.js";
import { createdAt, timestamps, title, titleFilter, updatedAt } from "./fields.js";
import { addedBy } from "./record-parts.js";

/**
 * Comments and interactions (issue 16; docs/interactions.md). One resource serves the comments
 * of every addressable type; this is the one list of those types.
 *
 * - `type`: the JSON:API type of the record commented on (the wire's `addressable_type`);
 * - `relationship`: the comment's to-one relationship to it (its foreign key column);
 * - `path`: the nested list, `GET /{type}/{id}/{path}`;
 * - `active`: false for a type whose records do not exist yet (tasks, vacancy applications):
 *   declared so the wire and the client know it, served once a release adds its table (a
 *   foreign-key column, the binding's relation and the migration's check on comments).
 */
export const COMMENTABLE = [
  { type: "users", relationship: "user", path: "comments", active: true, sort: "-created_at" },
  { type: "time_plans", relationship: "time_plan", path: "comments", active: true, sort: "-created_at" },
  { type: "vessels", relationship: "vessel", path: "comments", active: true, sort: "-created_at" },
  { type: "tasks", relationship: "task", path: "comments", active: true, sort: "created_at" },
  {
    type: "vacancy_applies",
    relationship: "vacancy_apply",
    path: "comments",
    active: false,
    sort: "-created_at",
  },
] as const;

type TCommentable = (typeof COMMENTABLE)[number];
type TActiveCommentable = Extract<TCommentable, { active: true }>;
const isActive = (c: TCommentable): c is TActiveCommentable => c.active;
export const ACTIVE_COMMENTABLE: readonly TActiveCommentable[] = COMMENTABLE.filter(isActive);
export type TCommentableType = TActiveCommentable["type"];
export const COMMENTABLE_TYPES = ACTIVE_COMMENTABLE.map((c) => c.type) as [
  TCommentableType,
  ...TCommentableType[],
];
export const ZCommentableType = z.enum(COMMENTABLE_TYPES);

/** A comment's author may change its text this long after writing it; later it is read-only. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** Largest body, in characters of the HTML sent (the sanitised text is never longer). */
export const COMMENT_BODY_MAX = 20_000;
/** The author shown for a comment whose author's account was removed. */
export const PLACEHOLDER_AUTHOR = "Former staff member";
/** Notices of spec 001 §8 the comment screens show. */
export const COMMENT_NOTICES = {
  interaction: "Interaction successfull.",
  created: "The comment created successfully",
  deleted: "The comment deleted successfully",
  failed: "Updating failed.",
} as const;

/** Effects a comment event's result has on the applicant's derived flags (docs/interactions.md). */
export const EVENT_RESULT_EFFECTS = ["none", "answered", "no_answer", "needs_reaction"] as const;
export const COMMENT_DIRECTIONS = ["outbound", "inbound", "note"] as const;
/** What a position may do with comments of a type (spec 001 §7 change_permission's commentAction). */
export const COMMENT_ACTIONS = ["read", "create", "delete"] as const;
export type TCommentAction = (typeof COMMENT_ACTIONS)[number];

const ZBody = z.string().max(COMMENT_BODY_MAX, `is too long (maximum is ${COMMENT_BODY_MAX} characters)`);
const ZCategory = z
  .string()
  .trim()
  .max(50)
  .transform((v) => (v === "" ? null : v))
  .nullable();
const ZResult = z
  .string()
  .trim()
  .max(255, "is too long (maximum is 255 characters)")
  .transform((v) => (v === "" ? null : v))
  .nullable();
/** Multipart forms send every value as text: "" is nothing, "true"/"false" a flag. */
const ZFormFlag = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : v === "" ? undefined : v),
  z.boolean().optional(),
);
const orNothing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === "null" ? null : v), schema.nullable().optional());

/** Relationships of a comment to each active addressable type (read-only: written by addressable_type/id). */
const addressables = Object.fromEntries(
  ACTIVE_COMMENTABLE.map((c) => [
    c.relationship,
    { label: c.type, type: c.type, cardinality: "one", readOnly: true } satisfies TRelationshipDef,
  ]),
) as Record<TActiveCommentable["relationship"], TRelationshipDef>;

/**
 * POST comments (spec 001 §7): body, addressable_type, addressable_id, category (users only).
 * Mentions are read from the body (`<span data-type="mention" data-id="{client id}">`).
 */
export const ZCommentCreate = z.strictObject({
  body: ZBody,
  addressable_type: ZCommentableType,
  addressable_id: ZRecordId,
  category: ZCategory.optional(),
  /** Sent by the spec's clients; the author is always the signed-in account. */
  author_id: ZRecordId.optional(),
});

/**
 * POST comments/interaction (spec 001 §3, §4): the comment, its event, an optional file
 * (multipart field `file`) and the applicant's changes, written in one transaction. JSON or
 * multipart (every value then text).
 */
export const ZInteraction = z.strictObject({
  user_id: ZRecordId,
  body: ZBody.optional(),
  category: z.string().trim().min(1, "can't be blank").max(50),
  event_result: orNothing(ZResult),
  event_result1: orNothing(ZResult),
  event_result2: orNothing(ZResult),
  comment_source_id: orNothing(ZRecordId),
  readiness_date: orNothing(ZDateIn(1990, 2100)),
  crewing_status_id: orNothing(ZRecordId),
  ukr_crewing_id: orNothing(ZExternalId),
  crewell_id: orNothing(ZExternalId),
  maritime_zone_id: orNothing(z.coerce.number().int("must be a whole number").min(0).max(2_147_483_647)),
  wage: orNothing(ZWage),
  hot: ZFormFlag,
  author_id: ZRecordId.optional(),
});
export type TInteraction = z.infer<typeof ZInteraction>;

/**
 * POST comment_events (spec 001 §3 "Comment event payload"): the event of a comment its author
 * just wrote, for clients that post the comment and its event in two calls. The comment must be
 * on an applicant, have no event yet, and `event_type` must be its category (or set it).
 */
export const ZCommentEventCreate = z.strictObject({
  comment_id: ZRecordId,
  event_type: z.string().trim().min(1, "can't be blank").max(50),
  event_result: orNothing(ZResult),
  event_result1: orNothing(ZResult),
  event_result2: orNothing(ZResult),
  comment_source_id: orNothing(ZRecordId),
});

/** Comments on any addressable record (spec 001 §3, §7; 002 §3, §7). */
export const comments = defineResource({
  type: "comments",
  permission: "comments",
  label: { one: "Comment", many: "Comments" },
  titleAttribute: "body",
  attributes: {
    /** Sanitised HTML; mentions are `<span data-type="mention" data-id="…">@Name</span>`. */
    body: { label: "Comment", kind: "textarea", list: true, input: ZBody },
    addressable_type: {
      label: "On",
      kind: "select",
      options: COMMENTABLE_TYPES.map((t) => ({ value: t, label: t })),
    },
    addressable_id: { label: "Record", kind: "number" },
    category: { label: "Type", kind: "text", list: true },
    /** The author's name and avatar; a placeholder when the author's account is gone (spec 001 §3). */
    author_name: { label: "Author", kind: "text", list: true },
    author_avatar: { label: "Author avatar", kind: "image" },
    /** The contact event of an interaction: {event_type, event_result, event_result1, event_result2, comment_source_id, comment_source} or null. */
    event: { label: "Event", kind: "text" },
    /** spec 001 Comment.event_result: the event's result, for lists. */
    event_result: { label: "Result", kind: "text", list: true },
    /** Client ids mentioned in the body. */
    mention_ids: { label: "Mentions", kind: "tags" },
    /** The author may still change the text (15 minutes). */
    editable: { label: "Editable", kind: "boolean" },
    edited_at: { label: "Edited", kind: "datetime" },
    attachment: { label: "Attachment", kind: "file", file: { accept: "applicantFile" } },
    created_at: createdAt,
    updated_at: updatedAt,
  },
  relationships: {
    author: addedBy,
    ...addressables,
  },
  parents: ACTIVE_COMMENTABLE.map((c) => ({ type: c.type, relationship: c.relationship, path: c.path })),
  filters: {
    addressable_type: { label: "On", kind: "select", input: ZCommentableType },
    addressable_id: { label: "Record", kind: "id", input: ZRecordId },
    /** `all` means no filter (the generic query drops it). */
    category: { label: "Type", kind: "text", input: z.string().trim().max(50) },
    author_id: { label: "Author", kind: "id", input: ZRecordId, type: "clients" },
    created_from: { label: "From", kind: "date", input: ZDateIn(1990, 2100) },
    created_to: { label: "To", kind: "date", input: ZDateIn(1990, 2100) },
    has_event: {
      label: "Interactions only",
      kind: "boolean",
      input: z.enum(["true", "false"]).transform((v) => v === "true"),
    },
  },
  search: ["body"],
  defaultSort: "-created_at",
  verbs: ["list", "show", "update"],
  live: true,
  actions: {
    /** POST /api/comments (the plain create: the spec's payload, mentions from the body). */
    create: {
      label: "Add comment",
      method: "POST",
      on: "collection",
      path: "/comments",
      permission: { key: "comments", action: "create" },
      input: ZCommentCreate,
    },
    /** POST /api/comments/interaction: comment + event + file + the applicant's changes, one transaction. */
    interaction: {
      label: "Add interaction",
      method: "POST",
      on: "collection",
      permission: { key: "comments", action: "create" },
      input: ZInteraction,
      upload: { accept: "applicantFile", fields: ["file"], maxFiles: 1, optional: true },
    },
    /** POST /api/comment_events: a comment's event, the second call of the spec's two-step client. */
    create_event: {
      label: "Add event",
      method: "POST",
      on: "collection",
      path: "/comment_events",
      permission: { key: "comments", action: "create" },
      input: ZCommentEventCreate,
    },
    /**
     * GET /api/comments/interaction_options: what the interaction form offers the caller: the
     * comment types its position may read (with `can_create`, `can_delete` and their results) and
     * the contact sources. (The lists themselves are edited under commentAssignments.)
     */
    interaction_options: {
      label: "Interaction form options",
      method: "GET",
      on: "collection",
      permission: { key: "comments", action: "read" },
    },
    /**
     * GET /api/comments/mention_candidates: `{data: [{id, name}]}` of the staff a comment may
     * mention (accounts not deactivated), for the @-picker of everyone who writes comments. The
     * spec's picker reads GET clients (page size 999), which only roles that administer crew
     * users may read; a manager mentions colleagues too.
     */
    mention_candidates: {
      label: "Mention candidates",
      method: "GET",
      on: "collection",
      permission: { key: "comments", action: "create" },
    },
    /** DELETE /api/comments/{id}: its author, or a role with comments.delete; the type's delete permission too. */
    destroy: {
      label: "Delete",
      method: "DELETE",
      on: "member",
      path: "/comments/:id",
      permission: { key: "comments", action: "read" },
    },
  },
});

/** Comment types: the comment's category and the event's event_type (admins edit them). */
export const commentTypes = defineResource({
  type: "comment_types",
  permission: "commentAssignments",
  route: "/comment-types",
  label: { one: "Comment type", many: "Comment types" },
  titleAttribute: "title",
  attributes: {
    code: {
      label: "Code",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: z
        .string()
        .trim()
        .min(1, "can't be blank")
        .max(50)
        .regex(/^[a-z][a-z0-9_]*$/, "may hold lower-case letters, digits and _ only"),
    },
    title: title(),
    direction: {
      label: "Direction",
      kind: "select",
      list: true,
      options: [
        { value: "outbound", label: "We contact the seafarer" },
        { value: "inbound", label: "The seafarer contacts us" },
        { value: "note", label: "Note (no contact)" },
      ],
      input: z.enum(COMMENT_DIRECTIONS),
      default: "outbound",
    },
    position: {
      label: "Order",
      kind: "number",
      list: true,
      sortable: true,
      input: z.coerce.number().int().min(0).max(10_000),
    },
    ...timestamps,
  },
  relationships: {
    results: { label: "Results", type: "comment_event_results", cardinality: "many", readOnly: true },
  },
  filters: { title: titleFilter() },
  search: ["title", "code"],
  defaultSort: "position",
  verbs: ALL_VERBS,
  selectable: true,
});

/** The results an event of a comment type may have, each with its effect on the applicant. */
export const commentEventResults = defineResource({
  type: "comment_event_results",
  permission: "commentAssignments",
  label: { one: "Event result", many: "Event results" },
  titleAttribute: "title",
  attributes: {
    title: title(),
    effect: {
      label: "Effect",
      kind: "select",
      list: true,
      options: [
        { value: "none", label: "None" },
        { value: "answered", label: "Reached the seafarer" },
        { value: "no_answer", label: "No answer" },
        { value: "needs_reaction", label: "Needs our reaction" },
      ],
      input: z.enum(EVENT_RESULT_EFFECTS),
      default: "none",
    },
    position: {
      label: "Order",
      kind: "number",
      list: true,
      sortable: true,
      input: z.coerce.number().int().min(0).max(10_000),
    },
    ...timestamps,
  },
  relationships: {
    comment_type: {
      label: "Comment type",
      type: "comment_types",
      cardinality: "one",
      required: true,
      form: true,
      attribute: "comment_type_id",
    },
  },
  parents: [{ type: "comment_types", relationship: "comment_type", path: "results", create: true }],
  filters: {
    comment_type_id: { label: "Comment type", kind: "id", input: ZRecordId },
    title: titleFilter(),
  },
  search: ["title"],
  defaultSort: "position",
  verbs: ALL_VERBS,
});

/** Where a contact came from (phone, Telegram, email, walk-in, job board). */
export const commentSources = defineResource({
  type: "comment_sources",
  permission: "commentAssignments",
  route: "/comment-sources",
  label: { one: "Contact source", many: "Contact sources" },
  titleAttribute: "title",
  attributes: { title: title(), ...timestamps },
  filters: { title: titleFilter() },
  search: ["title"],
  defaultSort: "title",
  verbs: ALL_VERBS,
  selectable: true,
});

/** POST change_permission: positionId (a role), type (a comment type code), commentAction; `allowed` sets, else toggles. */
export const ZChangeCommentPermission = z.strictObject({
  positionId: z.enum(ROLES),
  type: z.string().trim().min(1, "can't be blank").max(50),
  commentAction: z.enum(COMMENT_ACTIONS),
  allowed: z.boolean().optional(),
});

const assignments = { key: "commentAssignments", action: "read" } as const;

/**
 * `{product}_position_comment_types` (spec 001 §7), product `users` (the applicant area whose comments these are; the spec-calls list already names it so): what each position (role)
 * may do with each comment type. Rows: position, comment_type (its code), read, create, delete.
 */
export const positionCommentTypes = defineResource({
  type: "users_position_comment_types",
  permission: "commentAssignments",
  label: { one: "Comment permission", many: "Comment permissions" },
  titleAttribute: "position",
  attributes: {
    position: { label: "Position", kind: "text", list: true, sortable: true },
    comment_type: { label: "Comment type", kind: "text", list: true },
    read: { label: "Read", kind: "boolean", list: true },
    create: { label: "Create", kind: "boolean", list: true },
    delete: { label: "Delete", kind: "boolean", list: true },
    updated_at: updatedAt,
  },
  filters: {
    position: { label: "Position", kind: "select", input: z.enum(ROLES) },
  },
  defaultSort: "position",
  verbs: ["list"],
  history: true,
  maxPageSize: 999,
  actions: {
    /** The caller's own allowed types per action: `{read: [codes], create: [...], delete: [...]}` (any signed-in account). */
    allowed_types: { label: "Allowed types", method: "GET", on: "collection", permission: null },
    /** The comment types `{data: [{id, code, title}]}`. */
    types: { label: "Types", method: "GET", on: "collection", permission: assignments },
    /** The positions (roles) `{data: [{id, name}]}`. */
    positions: { label: "Positions", method: "GET", on: "collection", permission: assignments },
    /** The whole matrix `{data: [{position, type, read, create, delete}]}` (`type`: the comment type's code). */
    permissions: { label: "Matrix", method: "GET", on: "collection", permission: assignments },
    change_permission: {
      label: "Change",
      method: "POST",
      on: "collection",
      permission: { key: "commentAssignments", action: "update" },
      input: ZChangeCommentPermission,
    },
  },
});
