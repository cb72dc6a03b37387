import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { ZPhone } from "./applicant-fields.js";
import { timestamps } from "./fields.js";
import { ZCareerDate, ZRecordId, ZRequiredText, ZText, textAttr } from "./records-fields.js";
import { addedBy, applicantFile, recordAttachments, recordOwner } from "./record-parts.js";

export const INTERVIEW_RESULTS = ["recommended", "reserve", "not_recommended", "pending"] as const;

/** Interviews of an applicant (spec 001 "Interview": a form, list filterable by title). */
export const interviews = defineResource({
  type: "interviews",
  permission: "userInterviews",
  label: { one: "Interview", many: "Interviews" },
  titleAttribute: "title",
  attributes: {
    title: {
      label: "Title",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: ZRequiredText(255),
    },
    date: { label: "Date", kind: "date", list: true, sortable: true, input: ZCareerDate.nullable() },
    result: {
      label: "Result",
      kind: "select",
      list: true,
      sortable: true,
      options: [
        { value: "recommended", label: "Recommended" },
        { value: "reserve", label: "Reserve" },
        { value: "not_recommended", label: "Not recommended" },
        { value: "pending", label: "Pending" },
      ],
      input: z.enum(INTERVIEW_RESULTS).nullable(),
    },
    notes: { label: "Notes", kind: "textarea", list: true, input: ZText(5000) },
    ...timestamps,
  },
  relationships: {
    user: recordOwner,
    interviewer: { label: "Interviewer", type: "clients", cardinality: "one", form: true },
    role: { label: "Rank considered", type: "ranks", cardinality: "one", form: true },
    author: addedBy,
    attachments: recordAttachments,
  },
  parents: [{ type: "users", relationship: "user", path: "interviews", create: true }],
  filters: { title: { label: "Title", kind: "text", input: z.string().trim().max(255) } },
  search: ["title", "notes"],
  defaultSort: "-date",
  verbs: ALL_VERBS,
});

/** Relatives: next of kin named on contracts (spec 001 "Relative": name, relation type). */
export const relatives = defineResource({
  type: "relatives",
  permission: "userRelatives",
  label: { one: "Relative", many: "Relatives" },
  titleAttribute: "name",
  attributes: {
    name: {
      label: "Name",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: ZRequiredText(255),
    },
    birthday: { label: "Birthday", kind: "date", list: true, input: ZCareerDate.nullable() },
    phone: { label: "Phone", kind: "phone", list: true, input: ZPhone },
    address: { label: "Address", kind: "textarea", list: true, input: ZText(1000) },
    next_of_kin: { label: "Next of kin", kind: "boolean", list: true, input: z.boolean() },
    ...timestamps,
  },
  relationships: {
    user: recordOwner,
    relation_type: { label: "Relation", type: "relation_types", cardinality: "one", form: true },
    author: addedBy,
  },
  parents: [{ type: "users", relationship: "user", path: "relatives", create: true }],
  search: ["name", "phone"],
  defaultSort: "name",
  verbs: ALL_VERBS,
});

/** Recommendations: from whom (company, person, their vessel and rank), when, what, a letter. */
export const recommendations = defineResource({
  type: "recommendations",
  permission: "userRecommendations",
  label: { one: "Recommendation", many: "Recommendations" },
  titleAttribute: "person",
  attributes: {
    person: {
      label: "From",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: ZRequiredText(255),
    },
    company: textAttr("Company", 255, { list: true, sortable: true }),
    vessel_name: textAttr("Vessel", 100, { list: true }),
    contact: textAttr("Phone or email", 255),
    date: { label: "Date", kind: "date", list: true, sortable: true, input: ZCareerDate.nullable() },
    text: { label: "Text", kind: "textarea", list: true, input: ZText(5000) },
    file: applicantFile("Letter"),
    ...timestamps,
  },
  relationships: {
    user: recordOwner,
    role: { label: "Their rank", type: "ranks", cardinality: "one", form: true },
    author: addedBy,
  },
  parents: [{ type: "users", relationship: "user", path: "recommendations", create: true }],
  search: ["person", "company", "vessel_name"],
  defaultSort: "-date",
  verbs: ALL_VERBS,
});

export const CEFR_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;

/** English test results (Marlins, CES, ...): score and CEFR level, with the certificate. */
export const englishTestResults = defineResource({
  type: "english_test_results",
  permission: "userEnglishTestResults",
  label: { one: "English test", many: "English tests" },
  titleAttribute: "level",
  attributes: {
    date: { label: "Date", kind: "date", list: true, sortable: true, input: ZCareerDate.nullable() },
    score: {
      label: "Score, %",
      kind: "number",
      list: true,
      sortable: true,
      input: z.coerce
        .number()
        .int("must be a whole number")
        .min(0, "must be from 0 to 100")
        .max(100, "must be from 0 to 100")
        .nullable(),
    },
    level: {
      label: "Level",
      kind: "select",
      list: true,
      sortable: true,
      options: CEFR_LEVELS.map((l) => ({ value: l, label: l })),
      input: z.enum(CEFR_LEVELS).nullable(),
    },
    comment: { label: "Comment", kind: "textarea", input: ZText(2000) },
    file: applicantFile("Certificate"),
    ...timestamps,
  },
  relationships: {
    user: recordOwner,
    english_test_type: {
      label: "Test",
      type: "english_test_types",
      cardinality: "one",
      required: true,
      form: true,
    },
    author: addedBy,
  },
  // Spec 001 §7: users/{userId}/english-tests.
  parents: [{ type: "users", relationship: "user", path: "english-tests", create: true }],
  defaultSort: "-date",
  verbs: ALL_VERBS,
});

/**
 * Types an attachment may be addressed to (attachments/create_item `addressable_type`): the
 * applicant and their records. Each must belong to the attachment's applicant.
 */
export const ATTACHABLE_TYPES = [
  "users",
  "expiriences",
  "experience_verifications",
  "user_performances",
  "applicant_documents",
  "interviews",
  "relatives",
  "recommendations",
  "english_test_results",
] as const;
export type TAttachableType = (typeof ATTACHABLE_TYPES)[number];

/**
 * POST attachments/create_item (multipart): title, author_id, crewing_applicant_id (the
 * applicant's record id, as the spec's clients send it), addressable_id and addressable_type,
 * and the file in `document`. The author is always the signed-in account.
 */
export const ZAttachmentItem = z.strictObject({
  title: ZRequiredText(255),
  crewing_applicant_id: ZRecordId,
  author_id: ZRecordId.optional(),
  addressable_type: z.enum(ATTACHABLE_TYPES).optional(),
  addressable_id: ZRecordId.optional(),
});

/** Titled files of an applicant, each addressed to the applicant or one of their records (spec 001 "Attachment"). */
export const attachments = defineResource({
  type: "attachments",
  permission: "userAttachments",
  label: { one: "Attachment", many: "Attachments" },
  titleAttribute: "title",
  attributes: {
    title: {
      label: "Title",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: ZRequiredText(255),
    },
    addressable_type: {
      label: "Attached to",
      kind: "select",
      list: true,
      form: false,
      options: ATTACHABLE_TYPES.map((t) => ({ value: t, label: t })),
      input: z.enum(ATTACHABLE_TYPES).nullable(),
    },
    addressable_id: { label: "Record", kind: "number", form: false, input: ZRecordId.nullable() },
    document: { label: "File", kind: "file", list: true, file: { accept: "applicantFile" } },
    ...timestamps,
  },
  relationships: {
    user: recordOwner,
    author: addedBy,
  },
  parents: [{ type: "users", relationship: "user", path: "attachments", create: true }],
  filters: {
    addressable_type: {
      label: "Attached to",
      kind: "select",
      options: ATTACHABLE_TYPES.map((t) => ({ value: t, label: t })),
      input: z.enum(ATTACHABLE_TYPES),
    },
  },
  search: ["title"],
  defaultSort: "-created_at",
  verbs: ALL_VERBS,
  actions: {
    create_item: {
      label: "Attach a file",
      method: "POST",
      on: "collection",
      permission: { key: "userAttachments", action: "create" },
      upload: { accept: "applicantFile", fields: ["document"] },
      input: ZAttachmentItem,
    },
  },
});
