import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { ZDateOnly, timestamps } from "./fields.js";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const bool = z.enum(["true", "false"]).transform((v) => v === "true");
const readOnly = <K extends "text" | "number" | "date" | "datetime" | "boolean">(label: string, kind: K) =>
  ({ label, kind, form: false }) as const;

/**
 * Where a vacancy is published (issue 18 §1): the company's public vacancies page served by the
 * product (its pages, feed and sitemap) and the company's Telegram channel (through the bot of
 * the outside-channels issue, once it exists).
 */
export const VACANCY_SOURCES = ["site", "telegram"] as const;
export type TVacancySource = (typeof VACANCY_SOURCES)[number];
export const vacancySourceOptions = [
  { value: "site", label: "Public vacancies page" },
  { value: "telegram", label: "Telegram channel" },
] as const;

/** Where an application came from: staff applied him, or the public page, feed or channel's apply link. */
export const APPLY_SOURCES = ["staff", "site", "feed", "telegram", "sitemap"] as const;

/**
 * The flow of an application a crewing office runs (docs/vacancies.md): proposed to the owner,
 * approved by the owner (the seafarer goes on the vacancy's plan), signed on; rejected by the
 * owner or withdrawn (by us or by him) end it.
 */
export const VACANCY_APPLY_STATUSES = [
  "processing",
  "proposed",
  "approved",
  "rejected",
  "withdrawn",
  "signed_on",
] as const;
export type TVacancyApplyStatus = (typeof VACANCY_APPLY_STATUSES)[number];
export const VACANCY_APPLY_STATUS_LABELS: Record<TVacancyApplyStatus, string> = {
  processing: "Processing",
  proposed: "Proposed to the owner",
  approved: "Approved by the owner",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  signed_on: "Signed on",
};
/** The moves the flow allows; anything else is a 422. */
export const VACANCY_APPLY_MOVES: Record<TVacancyApplyStatus, readonly TVacancyApplyStatus[]> = {
  processing: ["proposed", "rejected", "withdrawn"],
  proposed: ["approved", "rejected", "withdrawn"],
  approved: ["signed_on", "withdrawn"],
  rejected: [],
  withdrawn: [],
  signed_on: [],
};
export const vacancyApplyStatusOptions = VACANCY_APPLY_STATUSES.map((value) => ({
  value,
  label: VACANCY_APPLY_STATUS_LABELS[value],
}));
/** The first change comment of every application (spec 001 §4, 002 §4). */
export const FIRST_APPLY_COMMENT = "Candidate is applied";
/** Notices of the vacancy screens (spec 002 §8). */
export const VACANCY_NOTICES = {
  applied: "Your Apply created successfully",
  statusUpdated: "Status updated successfully",
} as const;

const text = (label: string, max: number) => ({
  label,
  kind: "textarea" as const,
  input: z.string().trim().max(max, `is too long (maximum is ${max} characters)`).nullable(),
});

/** An open seat on a vessel (spec 002 §3 Vacancy; issue 18 §1). */
export const vacancies = defineResource({
  type: "vacancies",
  permission: "vacancies",
  route: "/vacancies",
  label: { one: "Vacancy", many: "Vacancies" },
  titleAttribute: "title",
  attributes: {
    /** "Master · NORDIC STAR": how screens and the public page name it. */
    title: readOnly("Vacancy", "text"),
    rank_title: { ...readOnly("Rank", "text"), list: true, details: false },
    vessel_name: { ...readOnly("Vessel", "text"), list: true, details: false },
    start: {
      label: "Joining date",
      kind: "date",
      required: true,
      list: true,
      sortable: true,
      input: ZDateOnly,
    },
    contract_duration: {
      label: "Contract, months",
      kind: "number",
      list: true,
      input: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(24).nullable(),
    },
    wage: {
      label: "Wage, USD/month",
      kind: "money",
      list: true,
      sortable: true,
      input: z.coerce
        .number()
        .int("must be a whole number")
        .min(0, "must not be negative")
        .max(1_000_000)
        .nullable(),
    },
    description: text("Description", 4000),
    requirements: text("Requirements", 4000),
    published: { label: "Published", kind: "boolean", list: true, input: z.boolean() },
    sources: {
      label: "Published to",
      kind: "tags",
      options: vacancySourceOptions,
      input: z.array(z.enum(VACANCY_SOURCES)).max(VACANCY_SOURCES.length),
    },
    /** The last day the posting stands (schema.org validThrough); default the joining date. */
    valid_through: { label: "Valid through", kind: "date", input: ZDateOnly.nullable() },
    published_at: readOnly("Published at", "datetime"),
    owner_name: { ...readOnly("Owner", "text"), list: true },
    manager_name: readOnly("Manager", "text"),
    applies_count: { ...readOnly("Applications", "number"), list: true },
    /** The public page of the vacancy (null while unpublished). */
    public_path: readOnly("Public page", "text"),
    ...timestamps,
  },
  relationships: {
    rank: {
      label: "Rank",
      type: "ranks",
      cardinality: "one",
      required: true,
      form: true,
      attribute: "role_id",
    },
    vessel: {
      label: "Vessel",
      type: "vessels",
      cardinality: "one",
      required: true,
      form: true,
      attribute: "vessel_id",
    },
    /** The scheduler's vacancy plan it came from (kept by the server). */
    time_plan: {
      label: "Timeplan",
      type: "time_plans",
      cardinality: "one",
      readOnly: true,
      attribute: "time_plan_id",
    },
    author: { label: "Author", type: "clients", cardinality: "one", readOnly: true, attribute: "author_id" },
  },
  parents: [{ type: "vessels", relationship: "vessel", path: "vacancies" }],
  filters: {
    role_id: { label: "Rank", kind: "id", type: "ranks", input: id },
    manager_id: { label: "Manager", kind: "id", type: "managers", input: id },
    owner_id: { label: "Owner", kind: "id", type: "owners", input: id },
    vessel_id: { label: "Vessel", kind: "id", input: id },
    published: { label: "Published", kind: "boolean", input: bool },
  },
  search: ["description"],
  defaultSort: "start",
  verbs: ALL_VERBS,
  selectable: true,
  actions: {
    /** POST /api/vacancies/republish {vacancyId, source} (spec 002 §7): publish (again) to a source. */
    republish: {
      label: "Republish",
      method: "POST",
      on: "collection",
      permission: { key: "vacancies", action: "update" },
      input: z.strictObject({ vacancyId: id, source: z.enum(VACANCY_SOURCES) }),
    },
    /**
     * The ranked candidates for the vacancy (issue 18 §1): applicants who hold the rank (or
     * were promoted to it), ready by the joining date, not planned elsewhere then, with the
     * owner's matrix documents, sea service on the vessel's type first; each with its reasons.
     */
    matches: {
      label: "Candidates",
      method: "GET",
      on: "member",
      permission: { key: "users", action: "read" },
      input: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(25) }),
    },
  },
});

/** One reason of a match: what it has (ok) or lacks. */
export const ZMatchReason = z.object({ ok: z.boolean(), text: z.string() });
export const ZVacancyMatch = z.object({
  type: z.literal("vacancy_matches"),
  id: z.string(),
  attributes: z.object({
    user_id: z.number().int(),
    name: z.string(),
    rank: z.string().nullable(),
    readiness_date: z.string().nullable(),
    score: z.number(),
    documents_ok: z.boolean(),
    applied: z.boolean(),
    reasons: z.array(ZMatchReason),
  }),
});
export type TVacancyMatch = z.infer<typeof ZVacancyMatch>;
export const ZVacancyMatches = z.object({
  data: z.array(ZVacancyMatch),
  meta: z.object({ considered: z.number().int(), took_ms: z.number() }),
});

const ZChangeCommentIn = z.strictObject({
  body: z.string().trim().max(2000).optional(),
  apply_status: z.enum(VACANCY_APPLY_STATUSES).optional(),
  author_id: id.optional(),
  date: z.string().max(40).optional(),
});

/** A candidate applied to a vacancy (spec 001 §3, 002 §3 Vacancy apply). */
export const vacancyApplies = defineResource({
  type: "vacancy_applies",
  permission: "vacancies",
  label: { one: "Vacancy application", many: "Vacancy applications" },
  titleAttribute: "candidate_name",
  attributes: {
    candidate_name: { ...readOnly("Candidate", "text"), list: true },
    vacancy_title: { ...readOnly("Vacancy", "text"), list: true },
    status: {
      label: "Status",
      kind: "select",
      list: true,
      sortable: true,
      form: false,
      options: vacancyApplyStatusOptions,
    },
    source: {
      label: "Source",
      kind: "select",
      list: true,
      options: APPLY_SOURCES.map((value) => ({ value, label: value })),
      input: z.enum(APPLY_SOURCES),
    },
    /** [{author, author_id, body, apply_status, date}], oldest first. */
    change_comments: { label: "Changes", kind: "text", form: false },
    /**
     * The change comments a create sends (spec: `change_comments`): the server writes its own
     * first one ('Candidate is applied') and keeps a sent body beside it.
     */
    first_comments: {
      label: "Comment",
      kind: "text",
      form: false,
      writeOnly: true,
      alias: "change_comments",
      input: z.array(ZChangeCommentIn).max(5),
    },
    ...timestamps,
  },
  relationships: {
    vacancy: {
      label: "Vacancy",
      type: "vacancies",
      cardinality: "one",
      required: true,
      form: true,
      attribute: "vacancy_id",
    },
    candidate: {
      label: "Candidate",
      type: "users",
      cardinality: "one",
      required: true,
      form: true,
      attribute: "candidate_id",
    },
    author: { label: "Author", type: "clients", cardinality: "one", readOnly: true, attribute: "author_id" },
    /**
     * The task of the work around the application (spec's task_id): named on create, else the
     * first task written about the application (item_type vacancy_applies) becomes it.
     */
    task: { label: "Task", type: "tasks", cardinality: "one", form: true, attribute: "task_id" },
  },
  parents: [
    { type: "vacancies", relationship: "vacancy", path: "vacancy_applies", create: true },
    { type: "users", relationship: "candidate", path: "vacancy_applies" },
  ],
  filters: {
    vacancy_id: { label: "Vacancy", kind: "id", input: id },
    candidate_id: { label: "Candidate", kind: "id", type: "users", input: id },
    status: {
      label: "Status",
      kind: "select",
      options: vacancyApplyStatusOptions,
      input: z.enum(VACANCY_APPLY_STATUSES),
    },
  },
  defaultSort: "-created_at",
  verbs: ["list", "show", "create", "delete"],
  actions: {
    /** POST /api/vacancy_applies/update_status {payload: {id, status, body?}} (spec 002 §7). */
    update_status: {
      label: "Update status",
      method: "POST",
      on: "collection",
      permission: { key: "vacancies", action: "update" },
      input: z.strictObject({
        payload: z.strictObject({
          id,
          status: z.enum(VACANCY_APPLY_STATUSES),
          body: z.string().trim().max(2000).optional(),
        }),
      }),
    },
  },
});
