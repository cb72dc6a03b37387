import { z } from "zod";
import { ALL_VERBS, defineResource, type TAttributeDef, type TFieldKind } from "../resource.js";
import { PLACEMENT_STATUSES, placementStatusOptions } from "../placement.js";
import { timestamps } from "./fields.js";
import { ZActivityQuery } from "../activity.js";
import {
  ZApplicantEmail,
  ZBooleanText,
  ZDateIn,
  ZExternalId,
  ZIdList,
  ZOptionalName,
  ZPersonName,
  ZPhone,
  ZRange,
  ZRecordId,
  ZShortText,
  ZWage,
} from "./applicant-fields.js";

/** Spec 001 §9: the tag job works on up to this many applicants (the current filter and search). */
export const TAG_BATCH_LIMIT = 10_000;
/** An export of at most this many rows streams at once; a larger one runs as a job with progress. */
export const EXPORT_INLINE_LIMIT = 2_000;
/** The largest export (the issue's 100,000 rows under 256 MB, with room). */
export const EXPORT_MAX_ROWS = 250_000;

const flag = (label: string) =>
  ({ label, kind: "boolean", input: z.boolean() }) as const satisfies TAttributeDef;
/** Read-only: a column the database keeps, or a value computed per page. Kinds stay literal so records are typed. */
const derived = <K extends TFieldKind>(label: string, kind: K) => ({ label, kind, form: false }) as const;

/** `filter[tags_match]`: "every" rather than "all", which a filter reads as no filter at all (spec 000). */
export const TAGS_MATCH = [
  { value: "any", label: "Any of the tags" },
  { value: "every", label: "All of the tags" },
] as const;

/** The applicant's gender (FAL Form 5 box 13); null when not known. */
export const GENDERS = ["male", "female"] as const;
export type TGender = (typeof GENDERS)[number];
export const GENDER_OPTIONS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
] as const satisfies readonly { value: TGender; label: string }[];

/**
 * The list filters of spec 001 ("Applicant filter") with their meanings (docs/applicants.md
 * "Filters"). Sea-service filters mean "has sea service on such a vessel or with such a company".
 */
const userFilters = {
  role: { label: "Rank", kind: "ids", input: ZIdList },
  status: {
    label: "Status",
    kind: "select",
    options: placementStatusOptions,
    input: z.string().transform((v, ctx) => {
      const parts = [
        ...new Set(
          v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const ok =
        parts.length > 0 &&
        parts.every((p): p is (typeof PLACEMENT_STATUSES)[number] =>
          (PLACEMENT_STATUSES as readonly string[]).includes(p),
        );
      if (!ok) {
        ctx.addIssue({ code: "custom", message: `must be one or more of ${PLACEMENT_STATUSES.join(", ")}` });
        return z.NEVER;
      }
      return parts;
    }),
  },
  status_id: { label: "Crewing status", kind: "ids", input: ZIdList },
  company_manager_name: {
    label: "Company / manager",
    kind: "text",
    input: z.string().trim().min(1).max(255),
  },
  favorites: { label: "My favourites", kind: "boolean", input: ZBooleanText },
  tags: { label: "Tags", kind: "ids", input: ZIdList },
  tags_match: { label: "Tags match", kind: "select", options: TAGS_MATCH, input: z.enum(["any", "every"]) },
  deadweight: { label: "Deadweight, t", kind: "range", input: ZRange(1_000_000) },
  age: { label: "Age", kind: "range", input: ZRange(120) },
  equasis_vessel_type_id: { label: "Vessel type", kind: "ids", input: ZIdList },
  external_links: { label: "In external databases", kind: "boolean", input: ZBooleanText },
  engine_type: { label: "Engine type", kind: "ids", input: ZIdList },
  engine_manufacturer: { label: "Engine manufacturer", kind: "ids", input: ZIdList },
  show_archived: { label: "Show archived", kind: "boolean", input: ZBooleanText },
} as const;

/** Filters of the first filter type; the second type adds show_archived (spec 001). */
export const APPLICANT_FILTERS_BASIC = [
  "role",
  "status",
  "status_id",
  "company_manager_name",
  "favorites",
  "tags",
  "tags_match",
  "deadweight",
  "age",
  "equasis_vessel_type_id",
  "external_links",
  "engine_type",
  "engine_manufacturer",
] as const;

/** Applicants chosen by hand: one id, or several as "1,2,3" (multi-select mode), up to TAG_BATCH_LIMIT. */
const ZUserIds = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const parts = String(v)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  if (
    !ids.length ||
    ids.length > TAG_BATCH_LIMIT ||
    ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)
  ) {
    ctx.addIssue({
      code: "custom",
      message: `must be an applicant id or a comma-separated list of up to ${TAG_BATCH_LIMIT}`,
    });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

/** What GET users/assign_tag and users/remove_tag take: a tag (id or name) and the applicants chosen, or the list query. */
export const ZTagBatch = z.strictObject({
  tag: z.union([
    ZRecordId,
    z.string().trim().min(1, "can't be blank").max(100, "is too long (maximum is 100 characters)"),
  ]),
  userId: ZUserIds.optional(),
  filter: z.record(z.string(), z.string()).optional(),
  search: z.string().max(200).optional(),
  sort: z.string().max(200).optional(),
  page: z.record(z.string(), z.string()).optional(),
});

/** The list query of an export (GET users/index_xlsx): filters, search and sort; `async` forces a job. */
export const ZExportQuery = z.strictObject({
  filter: z.record(z.string(), z.string()).optional(),
  search: z.string().max(200).optional(),
  sort: z.string().max(200).optional(),
  page: z.record(z.string(), z.string()).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  include: z.string().max(200).optional(),
  async: z.enum(["true", "false"]).optional(),
});

export const ZStarApplicant = z.strictObject({ user_id: ZRecordId });

/**
 * Seafarer applicants (spec 001; "users" in routes). Stored attributes take input; the
 * derived ones are columns the database keeps current (docs/applicants.md "Derived columns")
 * or values computed per page in one query (is_favorite).
 */
export const applicants = defineResource({
  type: "users",
  permission: "users",
  route: "/users",
  label: { one: "Seafarer", many: "Seafarers" },
  titleAttribute: "full_name",
  attributes: {
    crewing_applicant_id: { label: "Applicant No.", kind: "text", list: true, sortable: true, form: false },
    surname: {
      label: "Surname",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: ZPersonName,
    },
    name: { label: "Name", kind: "text", required: true, list: true, sortable: true, input: ZPersonName },
    middle: { label: "Middle name", kind: "text", input: ZOptionalName },
    full_name: derived("Full name", "text"),
    birthday: {
      label: "Birthday",
      kind: "date",
      sortable: true,
      input: ZDateIn(1900, 2100, { notFuture: true }).nullable(),
    },
    gender: {
      label: "Gender",
      kind: "select",
      list: false,
      options: GENDER_OPTIONS,
      input: z.enum(GENDERS).nullable(),
    },
    age: derived("Age", "number"),
    country_birth_emoji: derived("Flag", "text"),
    country_birth_name: derived("Country of birth", "text"),
    email: { label: "Email", kind: "email", input: ZApplicantEmail },
    email_alternative: { label: "Alternative email", kind: "email", input: ZApplicantEmail },
    mobile_phone: { label: "Mobile phone", kind: "phone", list: true, input: ZPhone },
    mobile_phone_alternative: { label: "Alternative mobile", kind: "phone", input: ZPhone },
    phonehome: { label: "Home phone", kind: "phone", input: ZPhone },
    address: { label: "Address", kind: "textarea", input: ZShortText(1000) },
    avatar: { label: "Photo", kind: "image", file: { accept: "image" } },
    crewing_status_id: { label: "Crewing status", kind: "number", input: ZRecordId.nullable() },
    status: {
      label: "Status",
      kind: "select",
      list: true,
      sortable: true,
      options: placementStatusOptions,
      input: z.enum(PLACEMENT_STATUSES).nullable(),
    },
    readiness_date: {
      label: "Readiness",
      kind: "date",
      list: true,
      sortable: true,
      input: ZDateIn(1990, 2100).nullable(),
    },
    wage: { label: "Expected wage, USD/month", kind: "money", sortable: true, input: ZWage },
    hot: flag("Hot"),
    no_call_answer: flag("No answer to calls"),
    ex_scg: flag("Ex SCG"),
    stable_employee: flag("Stable employee"),
    need_reaction: flag("Needs reaction"),
    need_education: flag("Needs education"),
    ukr_crewing_id: { label: "UkrCrewing id", kind: "text", input: ZExternalId },
    crewell_id: { label: "Crewell id", kind: "text", input: ZExternalId },
    maritime_zone_id: {
      label: "Maritime zone id",
      kind: "number",
      input: z.coerce.number().int("must be a whole number").min(0).max(2_147_483_647).nullable(),
    },
    telegram_user_id: { label: "Telegram user id", kind: "text", input: ZExternalId },
    telegram_bot: derived("Messenger", "boolean"),
    us_visa_doe: { label: "US visa valid until", kind: "date", input: ZDateIn(1990, 2100).nullable() },
    /** Sizes for the protective-equipment order (issue 17 §3; docs/owners-terms.md). */
    coverall_size: {
      label: "Coverall size",
      kind: "text",
      input: z
        .string()
        .trim()
        .max(10)
        .transform((s) => s.toUpperCase())
        .nullable(),
    },
    shoe_size: { label: "Shoe size (EU)", kind: "text", input: z.string().trim().max(10).nullable() },
    height: {
      label: "Height, cm",
      kind: "number",
      input: z.coerce.number().int().min(120).max(230).nullable(),
    },
    weight: {
      label: "Weight, kg",
      kind: "number",
      input: z.coerce.number().int().min(35).max(250).nullable(),
    },
    archived: { label: "Archived", kind: "boolean", input: z.boolean() },
    /** Create only: the caller knows the applicant looks like another one and wants it anyway. */
    knowing_duplicate: {
      label: "Create as a duplicate",
      kind: "boolean",
      input: z.boolean(),
      writeOnly: true,
      form: false,
    },
    is_favorite: derived("Favourite", "boolean"),
    tag_list: derived("Tags", "tags"),
    crewing_rank: derived("Rank", "text"),
    vessel: derived("Vessel now", "text"),
    vessel_last_name: { ...derived("Last vessel", "text"), sortable: true },
    vessel_last_rank_title: derived("Last rank", "text"),
    vessel_last_manager_name: derived("Last manager", "text"),
    vessel_last_date_on: derived("Last sign-on", "date"),
    last_contract_soff: { ...derived("Last sign-off", "date"), sortable: true },
    vessel_planned_name: { ...derived("Planned vessel", "text"), sortable: true },
    date_planned: { ...derived("Planned date", "date"), sortable: true },
    promotions_count: { ...derived("Promotions", "number"), sortable: true },
    promotions_roles: derived("Promoted to", "tags"),
    has_warnings: derived("Warnings", "boolean"),
    valid_state: derived("Documents", "text"),
    valid_states: derived("Documents by kind", "text"),
    /** The next plan's documents against its owner's matrix (ZMatrixDocumentsMark; docs/owners-terms.md). */
    matrix_documents: derived("Documents for the planned rank", "text"),
    last_contact: { ...derived("Last contact", "datetime"), sortable: true },
    ext_update: derived("External update", "datetime"),
    external_objects: derived("External records", "text"),
    /**
     * Named in spec 001's list fieldset with no meaning given and no screen showing it: served
     * as null so the spec's client may ask for it (docs/decisions.md "Spec calls").
     */
    electronic_me: { ...derived("Electronic ME", "text"), details: false },
    ...timestamps,
  },
  relationships: {
    role: { label: "Rank", type: "ranks", cardinality: "one", form: true },
    country_birth: { label: "Country of birth", type: "countries", cardinality: "one", form: true },
    tags: { label: "Tags", type: "tags", cardinality: "many", form: true, permission: "tags" },
    last_expirience: { label: "Last sea service", type: "expiriences", cardinality: "one", readOnly: true },
    external_applications: {
      label: "External applications",
      type: "external_applications",
      cardinality: "many",
      readOnly: true,
    },
    /** The applicant's sea service (spec 001 §7: GET users/{id}?include=expiriences,role). */
    expiriences: { label: "Sea service", type: "expiriences", cardinality: "many", readOnly: true },
    author: { label: "Created by", type: "clients", cardinality: "one", readOnly: true },
  },
  filters: userFilters,
  search: [
    "surname",
    "name",
    "middle",
    "email",
    "email_alternative",
    "mobile_phone",
    "crewing_applicant_id",
    "tag_list",
  ],
  defaultSort: "-created_at",
  sorts: ["full_name", "age"],
  verbs: ALL_VERBS,
  selectable: true,
  maxPageSize: 999,
  actions: {
    /** GET /api/users/{id}/activity: the applicant's timeline, each kind by its own permission (activity.ts). */
    activity: {
      label: "Activity",
      method: "GET",
      on: "member",
      permission: { key: "users", action: "read" },
      input: ZActivityQuery,
    },
    /** POST /api/favorites/star_user {user_id}: toggles the caller's star (spec 001 §7). */
    star_user: {
      label: "Star",
      method: "POST",
      on: "collection",
      path: "/favorites/star_user",
      permission: { key: "users", action: "read" },
      input: ZStarApplicant,
    },
    /** GET /api/users/assign_tag?tag=&userId= or the list's filter and search: one queued job. */
    assign_tag: {
      label: "Assign tag",
      method: "GET",
      on: "collection",
      permission: { key: "tagsBatch", action: "update" },
      input: ZTagBatch,
    },
    remove_tag: {
      label: "Remove tag",
      method: "GET",
      on: "collection",
      permission: { key: "tagsBatch", action: "update" },
      input: ZTagBatch,
    },
    /**
     * GET /api/users/choices: what the applicant form and filter panel offer (ranks, countries,
     * crewing statuses, tags, vessel types, engine types and makers) to anyone who reads
     * applicants, whether or not their role may open those lists (docs/decisions.md "Applicants").
     */
    choices: {
      label: "Choices",
      method: "GET",
      on: "collection",
      permission: { key: "users", action: "read" },
    },
    /** GET /api/users/index_xlsx with the list query: the .xlsx at once, or a job with progress when large. */
    index_xlsx: {
      label: "Export",
      method: "GET",
      on: "collection",
      permission: { key: "users", action: "read" },
      input: ZExportQuery,
    },
  },
});

/** Tags staff put on applicants; names are unique whatever their case. */
export const tags = defineResource({
  type: "tags",
  permission: "tags",
  label: { one: "Tag", many: "Tags" },
  titleAttribute: "name",
  attributes: {
    name: {
      label: "Name",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: z
        .string()
        .trim()
        .min(1, "can't be blank")
        .max(100, "is too long (maximum is 100 characters)")
        .regex(/^[^,]+$/, "can't hold a comma"),
    },
    ...timestamps,
  },
  filters: { name: { label: "Name", kind: "text", input: z.string().max(100) } },
  search: ["name"],
  defaultSort: "name",
  verbs: ALL_VERBS,
  selectable: true,
});

export const BACKGROUND_TASK_STATUSES = ["queued", "running", "done", "failed"] as const;

/** Queued work a client started (a tag batch, a large export): its progress and, for an export, the file. */
export const backgroundTasks = defineResource({
  type: "background_tasks",
  permission: "backgroundTasks",
  label: { one: "Task", many: "Tasks" },
  titleAttribute: "kind",
  attributes: {
    kind: { label: "Kind", kind: "text", list: true },
    status: {
      label: "Status",
      kind: "select",
      list: true,
      options: BACKGROUND_TASK_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
    },
    done: { label: "Done", kind: "number", list: true },
    total: { label: "Total", kind: "number", list: true },
    params: { label: "Asked for", kind: "text" },
    result: { label: "Result", kind: "text" },
    error: { label: "Error", kind: "text" },
    file: { label: "File", kind: "file", file: { accept: "applicantFile" } },
    finished_at: { label: "Finished", kind: "datetime" },
    ...timestamps,
  },
  defaultSort: "-created_at",
  verbs: ["list", "show", "delete"],
  history: false,
});
