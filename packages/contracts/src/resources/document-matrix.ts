import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { timestamps, title } from "./fields.js";
import { ownerMatrixActions, ZMatrixId, ZMatrixTitle } from "./owner-matrix.js";

/**
 * An owner's document matrix (spec 002 §3 "Owner document matrix", §7 owner_groups, items,
 * group_items; issue 17 §2): which documents each rank must hold on the owner's ships. The
 * matrix has ranks (rows, `roles`), documents in groups and order (columns, `group_items`) and
 * cells (`items`: the rank needs the document, with months of validity left at joining and
 * required or recommended). One matrix of an owner is current: the planner's warnings and the
 * compliance check read it (docs/owners-terms.md "Document matrix").
 */
const id = ZMatrixId;
const months = z.coerce.number().int().min(0).max(120);

export const MATRIX_MAX_ROLES = 200;
export const MATRIX_MAX_DOCUMENTS = 300;

/** One document (column) of a matrix as the multi-step form sends it. */
export const ZMatrixDocument = z.strictObject({
  document_id: id,
  group_name: z.string().trim().max(100).default(""),
});
/** One cell of a matrix as the form sends it: the rank needs the document. */
export const ZMatrixCell = z.strictObject({
  role_id: id,
  document_id: id,
  months_required: months.default(0),
  required: z.boolean().default(true),
});
/** The whole matrix from the multi-step form: step 1 title and ranks, step 2 documents, step 3 the grid. */
export const ZMatrixBody = z.strictObject({
  title: ZMatrixTitle,
  role_ids: z.array(id).max(MATRIX_MAX_ROLES),
  documents: z.array(ZMatrixDocument).max(MATRIX_MAX_DOCUMENTS),
  items: z.array(ZMatrixCell).max(MATRIX_MAX_ROLES * MATRIX_MAX_DOCUMENTS),
});
export type TMatrixBody = z.output<typeof ZMatrixBody>;

/** A list of ids in a query: `1,2,3`, or repeated (`user_ids[]=1&user_ids[]=2`). */
const ZIdList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : v),
  z.array(id).min(1).max(1000),
);
const ZQueryDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a day as yyyy-mm-dd")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "is not a day");

/** GET /api/users/check_document_matrix: who, against which matrix, joining when. */
export const ZCheckDocumentMatrixQuery = z
  .strictObject({
    /** The applicants; or `vessel_id`: the seafarers of that vessel's current and coming plans. */
    user_ids: ZIdList.optional(),
    vessel_id: id.optional(),
    /** The matrix: given, or the current one of `owner_id`, or of each plan's vessel's owner. */
    owner_group_id: id.optional(),
    owner_id: id.optional(),
    /** Joining day (default: each plan's start; without a plan, today). */
    joining_date: ZQueryDay.optional(),
    /** End of the tour for applicants given without a plan (default: none, joining day only). */
    end_date: ZQueryDay.optional(),
    format: z.enum(["json", "xlsx"]).default("json"),
  })
  .refine((q) => q.user_ids !== undefined || q.vessel_id !== undefined, {
    message: "give user_ids or vessel_id",
    path: ["user_ids"],
  });

/** What the check says of one required document of one seafarer. */
export const DOCUMENT_CHECK_STATUSES = ["valid", "expiring", "expired", "missing"] as const;
export type TDocumentCheckStatus = (typeof DOCUMENT_CHECK_STATUSES)[number];

/**
 * The applicants list's documents mark (`matrix_documents`, issue 17 §2): an applicant's next
 * plan checked against the current document matrix of the vessel's owner for the plan's rank.
 * Null when the applicant has no plan ahead or no matrix row applies (the list then shows
 * `valid_state`, every document the applicant holds). `state` is the worst of the required
 * documents: missing, expired (before joining), expiring (fewer months left than asked, or
 * ending during the tour), else valid.
 */
export const MATRIX_MARK_STATES = ["valid", "expiring", "expired", "missing"] as const;
export const ZMatrixDocumentsMark = z.object({
  state: z.enum(MATRIX_MARK_STATES),
  matrix: z.string(),
  rank: z.string(),
  vessel: z.string().nullable(),
  time_plan_id: z.number(),
  joining_date: z.string(),
  end_date: z.string(),
  /** The required documents not valid for the whole tour, in the matrix's order. */
  problems: z.array(
    z.object({
      document: z.string(),
      status: z.enum(DOCUMENT_CHECK_STATUSES),
      covers_tour: z.boolean().nullable(),
      valid_until: z.string().nullable(),
    }),
  ),
});
export type TMatrixDocumentsMark = z.infer<typeof ZMatrixDocumentsMark>;

export interface TDocumentCheckRow {
  document_id: number;
  document: string;
  stcw_reference: string | null;
  group_name: string;
  required: boolean;
  months_required: number;
  status: TDocumentCheckStatus;
  /** The seafarer's document that answers it (its own kind, or one that covers it). */
  held_as: string | null;
  valid_until: string | null;
  /** Whole months of validity left on the joining day (null: never expires or missing). */
  months_left: number | null;
  /** Still valid on the plan's last day (the "horizon gap"); null without an end. */
  covers_tour: boolean | null;
}

export interface TDocumentCheckAttributes {
  user_id: number;
  /** The plan checked (a vessel's plans); null for applicants given by id. */
  time_plan_id: number | null;
  /** The rank is a row of the matrix (else nothing is required of the seafarer). */
  rank_in_matrix: boolean;
  name: string;
  rank: string | null;
  vessel: string | null;
  owner_group_id: number | null;
  matrix: string | null;
  joining_date: string;
  end_date: string | null;
  /** Every required document valid with its months at joining and through the tour. */
  compliant: boolean;
  documents: TDocumentCheckRow[];
}

export const ownerGroups = defineResource({
  type: "owner_groups",
  permission: "documentMatrix",
  label: { one: "Document matrix", many: "Document matrices" },
  titleAttribute: "title",
  attributes: {
    title: title(),
    current: {
      label: "Current",
      kind: "boolean",
      list: true,
      input: z.boolean(),
      default: true,
    },
    role_count: { label: "Ranks", kind: "number", list: true },
    document_count: { label: "Documents", kind: "number", list: true },
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", required: true, form: true },
    roles: { label: "Ranks", type: "ranks", cardinality: "many", form: true },
    documents: { label: "Documents", type: "group_items", cardinality: "many", readOnly: true },
    items: { label: "Cells", type: "items", cardinality: "many", readOnly: true },
  },
  // GET /api/owners/{id}/document_matrices; the owner page's tab is /owners/{id}/document_matrix.
  parents: [{ type: "owners", relationship: "owner", path: "document_matrices", tab: "document_matrix" }],
  filters: { owner_id: { label: "Owner", kind: "id", input: id } },
  defaultSort: "-created_at",
  verbs: ALL_VERBS,
  selectable: true,
  actions: {
    // create_matrix, edit_matrix, copy_matrix, unused_roles and unused_documents (document kinds not yet columns).
    ...ownerMatrixActions(
      "documentMatrix",
      { body: ZMatrixBody, create: ZMatrixBody.extend({ owner_id: id }) },
      { name: "unused_documents", label: "Documents not in the matrix" },
    ),
    /** GET /api/users/check_document_matrix (spec 001 §7): the compliance report, JSON:API or xlsx. */
    check_document_matrix: {
      label: "Check document matrix",
      method: "GET",
      on: "collection",
      path: "/users/check_document_matrix",
      permission: { key: "documentMatrix", action: "read" },
      input: ZCheckDocumentMatrixQuery,
    },
  },
});

/** A document (column) of a matrix (spec 002 group_items: group_order, group_id, group_name). */
export const groupItems = defineResource({
  type: "group_items",
  permission: "documentMatrix",
  label: { one: "Matrix document", many: "Matrix documents" },
  titleAttribute: "group_name",
  attributes: {
    group_order: {
      label: "Order",
      kind: "number",
      list: true,
      sortable: true,
      input: z.coerce.number().int().min(1).max(MATRIX_MAX_DOCUMENTS),
    },
    group_id: { label: "Group", kind: "number", list: true, input: z.coerce.number().int().min(1).max(1000) },
    group_name: { label: "Group name", kind: "text", list: true, input: z.string().trim().max(100) },
    ...timestamps,
  },
  relationships: {
    owner_group: { label: "Matrix", type: "owner_groups", cardinality: "one", required: true, form: true },
    document: {
      label: "Document",
      type: "applicant-documents",
      cardinality: "one",
      required: true,
      form: true,
    },
  },
  filters: { owner_group_id: { label: "Matrix", kind: "id", input: id } },
  defaultSort: "group_order",
  verbs: ALL_VERBS,
});

/** A cell (spec 002 items: role_id, group_item_id): the rank needs the document. */
export const matrixItems = defineResource({
  type: "items",
  permission: "documentMatrix",
  label: { one: "Matrix cell", many: "Matrix cells" },
  titleAttribute: "id",
  attributes: {
    months_required: {
      label: "Months left at joining",
      kind: "number",
      list: true,
      input: months,
      default: 0,
    },
    required: { label: "Required", kind: "boolean", list: true, input: z.boolean(), default: true },
    ...timestamps,
  },
  relationships: {
    owner_group: { label: "Matrix", type: "owner_groups", cardinality: "one", readOnly: true },
    role: { label: "Rank", type: "ranks", cardinality: "one", required: true, form: true },
    group_item: { label: "Document", type: "group_items", cardinality: "one", required: true, form: true },
  },
  filters: { owner_group_id: { label: "Matrix", kind: "id", input: id } },
  defaultSort: "id",
  verbs: ALL_VERBS,
  // A whole grid in one page (50 ranks by 60 documents).
  maxPageSize: 5000,
});
