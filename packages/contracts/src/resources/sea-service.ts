import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { timestamps } from "./fields.js";
import { ZImo } from "./imo.js";
import { ZCareerDate, ZRecordId, ZText, textAttr } from "./records-fields.js";
import {
  addedBy,
  applicantFile,
  applicantFiles,
  listedComment,
  ofSeaService,
  recordAttachments,
  recordOwner,
} from "./record-parts.js";

/** Spec 001 §9: the sea-service list shows 12 per page, newest first. */
export const SEA_SERVICE_PAGE_SIZE = 12;

/** An IMO number, or nothing ("" clears it). */
const ZOptionalImo = z
  .union([z.null(), z.string().trim()])
  .transform((v) => (v === "" ? null : v))
  .pipe(ZImo.nullable());

/** What a coincidence answer may hold at most (a ship's crew over the years can be large). */
export const COINCIDENCES_LIMIT = 200;

/**
 * Sea service (spec 001 §3 Experience; resource type `expiriences`, as the spec spells it): a
 * contract on a vessel of our fleet (`vessel`) or on one we do not manage, described by name,
 * IMO, type, flag, deadweight, engine and manager company. With a fleet vessel the server copies
 * her particulars onto the record (docs/records.md "Sea service").
 */
export const seaService = defineResource({
  type: "expiriences",
  permission: "userExperiences",
  label: { one: "Sea service", many: "Sea service" },
  titleAttribute: "vessel_name",
  attributes: {
    vessel_name: { label: "Vessel", kind: "text", list: true, sortable: true, input: ZText(100) },
    vessel_imo: { label: "IMO", kind: "text", list: true, input: ZOptionalImo },
    vessel_deadweight: {
      label: "Deadweight, t",
      kind: "number",
      list: true,
      sortable: true,
      input: z.coerce
        .number()
        .int("must be a whole number")
        .min(0, "must not be negative")
        .max(1_000_000, "is too large")
        .nullable(),
    },
    vessel_manager: textAttr("Manager company", 255, { list: true, sortable: true }),
    date_on: {
      label: "Sign-on",
      kind: "date",
      required: true,
      list: true,
      sortable: true,
      input: ZCareerDate,
    },
    date_off: { label: "Sign-off", kind: "date", list: true, sortable: true, input: ZCareerDate.nullable() },
    /** Write only: save although it overlaps another record of the applicant (the recruiter knows). */
    knowing_overlap: {
      label: "Save although it overlaps",
      kind: "boolean",
      input: z.boolean(),
      writeOnly: true,
    },
    /** "5 m 12 d": the contract's length (to today while on board). */
    duration: { label: "Duration", kind: "text", list: true },
    /** The latest verification's result (confirmed, not confirmed, pending), or null. */
    verification_result: {
      label: "Verified",
      kind: "select",
      list: true,
      options: [
        { value: "confirmed", label: "Confirmed" },
        { value: "not_confirmed", label: "Not confirmed" },
        { value: "pending", label: "Pending" },
      ],
    },
    files: applicantFiles,
    ...timestamps,
  },
  relationships: {
    user: recordOwner,
    // Spec 001 §3 Experience sends role, vessel and company_agent_id as attributes (ids).
    role: { label: "Rank", type: "ranks", cardinality: "one", required: true, form: true, attribute: "role" },
    vessel: { label: "Fleet vessel", type: "vessels", cardinality: "one", form: true, attribute: "vessel" },
    vessel_type: { label: "Vessel type", type: "vessel_types", cardinality: "one", form: true },
    vessel_flag: { label: "Flag", type: "countries", cardinality: "one", form: true },
    engine_type: { label: "Engine type", type: "engine_types", cardinality: "one", form: true },
    engine_manufacturer: {
      label: "Engine maker",
      type: "engine_manufacturers",
      cardinality: "one",
      form: true,
    },
    company_agent: {
      label: "Crewing agent",
      type: "crewing_agents",
      cardinality: "one",
      form: true,
      attribute: "company_agent_id",
    },
    author: addedBy,
    attachments: recordAttachments,
  },
  parents: [
    // Spec 001 §7 GET users/{id}/expiriences; the screens route /users/:id/experiences.
    { type: "users", relationship: "user", path: "expiriences", create: true, tab: "experiences" },
    // Spec 001 §2: who served on this ship (/vessels/:vesselId/experiences).
    { type: "vessels", relationship: "vessel", path: "experiences" },
  ],
  filters: {
    vessel_name: { label: "Vessel", kind: "text", input: z.string().trim().max(100) },
    role_id: { label: "Rank", kind: "id", input: ZRecordId },
    /** Served on this day (signed on by it and not signed off before it). */
    served_on: { label: "On board on", kind: "date", input: ZCareerDate },
  },
  search: ["vessel_name", "vessel_imo", "vessel_manager"],
  defaultSort: "-date_on",
  rules: [
    { kind: "notBefore", field: "date_off", than: "date_on", message: "must not be before the sign-on" },
  ],
  verbs: ALL_VERBS,
  actions: {
    /**
     * GET /api/experience_verifications/check_coincidences/{id}: other applicants whose service on
     * the same ship (same IMO, or same name without IMO) overlaps this record's in the same rank.
     */
    check_coincidences: {
      label: "Check coincidences",
      method: "GET",
      on: "member",
      path: "/experience_verifications/check_coincidences/:id",
      permission: { key: "experienceVerification", action: "read" },
      input: z.strictObject({}),
    },
    /**
     * GET /api/print/{id}?crewing_applicant_id=&cv_name=: the applicant's CV (.docx): photo,
     * personal details, documents and certificates, sea service. `{id}` is the applicant.
     */
    print_cv: {
      label: "Print CV",
      method: "GET",
      on: "member",
      path: "/print/:id",
      record: "users",
      permission: { key: "users", action: "read" },
      input: z.strictObject({
        crewing_applicant_id: z.string().trim().max(20).optional(),
        cv_name: z.string().trim().max(120).optional(),
      }),
    },
  },
});

export const VERIFICATION_RESULTS = ["confirmed", "not_confirmed", "pending"] as const;

/** A check of a sea-service record with the company or the vessel (spec 001 "Experience verification"). */
export const seaServiceVerifications = defineResource({
  type: "experience_verifications",
  permission: "experienceVerification",
  label: { one: "Verification", many: "Verifications" },
  titleAttribute: "result",
  attributes: {
    result: {
      label: "Result",
      kind: "select",
      required: true,
      list: true,
      sortable: true,
      options: [
        { value: "confirmed", label: "Confirmed" },
        { value: "not_confirmed", label: "Not confirmed" },
        { value: "pending", label: "Pending" },
      ],
      input: z.enum(VERIFICATION_RESULTS),
    },
    contact_company: textAttr("Company contacted", 255, { list: true }),
    contact_person: textAttr("Person contacted", 255, { list: true }),
    contact_details: textAttr("Phone or email", 255),
    verified_on: {
      label: "Verified on",
      kind: "date",
      list: true,
      sortable: true,
      input: ZCareerDate.nullable(),
    },
    comment: listedComment,
    file: applicantFile("File"),
    ...timestamps,
  },
  relationships: {
    expirience: ofSeaService,
    author: { label: "Verified by", type: "clients", cardinality: "one", readOnly: true },
  },
  parents: [{ type: "expiriences", relationship: "expirience", path: "verifications", create: true }],
  defaultSort: "-created_at",
  verbs: ALL_VERBS,
});

/** Kinds of performance records a crewing office keeps per contract (spec 001 "Performance record"). */
export const PERFORMANCE_KINDS = [
  "appraisal",
  "promotion",
  "commendation",
  "warning",
  "not_recommended",
] as const;
export type TPerformanceKind = (typeof PERFORMANCE_KINDS)[number];
/** Kinds that raise the applicant's has_warnings. */
export const WARNING_KINDS: readonly TPerformanceKind[] = ["warning", "not_recommended"];

/**
 * Performance records of a contract (userPerformance): an appraisal (experienceAppraisal), a
 * promotion with the new rank (moves promotions_count and promotions_roles), a commendation, a
 * warning or a not-for-rehire mark (has_warnings), each with its file.
 */
export const applicantPerformances = defineResource({
  type: "user_performances",
  permission: "userPerformance",
  label: { one: "Performance record", many: "Performance" },
  titleAttribute: "doc_type",
  attributes: {
    doc_type: {
      label: "Kind",
      kind: "select",
      required: true,
      list: true,
      options: [
        { value: "appraisal", label: "Appraisal" },
        { value: "promotion", label: "Promotion" },
        { value: "commendation", label: "Commendation" },
        { value: "warning", label: "Warning" },
        { value: "not_recommended", label: "Not for rehire" },
      ],
      input: z.enum(PERFORMANCE_KINDS),
      // Spec 001 "Performance record" spells it docType.
      alias: "docType",
    },
    date: { label: "Date", kind: "date", list: true, sortable: true, input: ZCareerDate.nullable() },
    rating: {
      label: "Mark (1-5)",
      kind: "number",
      list: true,
      input: z.coerce
        .number()
        .int("must be a whole number")
        .min(1, "must be from 1 to 5")
        .max(5, "must be from 1 to 5")
        .nullable(),
    },
    comment: listedComment,
    file: applicantFile("File"),
    ...timestamps,
  },
  relationships: {
    expirience: ofSeaService,
    role: { label: "Promoted to", type: "ranks", cardinality: "one", form: true, attribute: "role" },
    // The sea service's applicant: a sent crewing_applicant_id is ignored.
    user: {
      label: "Seafarer",
      type: "users",
      cardinality: "one",
      readOnly: true,
      attribute: "crewing_applicant_id",
    },
    author: addedBy,
  },
  parents: [{ type: "expiriences", relationship: "expirience", path: "performances", create: true }],
  defaultSort: "-created_at",
  // Update serves the file uploaded after the save (spec 001 §4); the screens offer create and delete.
  verbs: ALL_VERBS,
});
