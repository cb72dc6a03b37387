import { z } from "zod";
import { defineResource } from "../resource.js";
import { timestamps } from "./fields.js";
import { ZCareerDate, ZRecordId, ZRequiredText, ZText, textAttr } from "./records-fields.js";
import { addedBy, applicantFiles, recordAttachments, recordOwner } from "./record-parts.js";

/** Spec 001 n_tpd: 1 a document (passport, seaman's book), 2 a certificate that has an endorsement, 3 the endorsement record. */
export const DOCUMENT_TYPES = { document: 1, certificate: 2, endorsement: 3 } as const;
export const DOCUMENT_TYPE_OPTIONS = [
  { value: "1", label: "Document" },
  { value: "2", label: "Certificate with endorsement" },
  { value: "3", label: "Endorsement" },
] as const;

/** A document's validity on a day (docs/records.md "Validity"). */
export const DOCUMENT_VALIDITY = ["valid", "expiring", "expired"] as const;
export type TDocumentValidity = (typeof DOCUMENT_VALIDITY)[number];
export const DOCUMENT_VALIDITY_OPTIONS = [
  { value: "valid", label: "Valid" },
  { value: "expiring", label: "Expiring" },
  { value: "expired", label: "Expired" },
] as const;

/** Warning lines, days before expiry, unless DOCUMENT_EXPIRY_WARNING_DAYS says otherwise. */
export const DEFAULT_EXPIRY_LINES = [90, 60, 30] as const;

/** "1", 2, "3": the n_tpd values, as numbers. */
const ZDocumentType = z.coerce
  .number()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "must be 1, 2 or 3" }));

/**
 * A certificate's endorsement as its document's write carries it (`endorsement_attributes`):
 * saved with the certificate in one transaction as its kind 3 record; null removes it.
 */
export const ZEndorsementInput = z.strictObject({
  number: ZRequiredText(50),
  valid_from: ZCareerDate.nullable().optional(),
  valid_until: ZCareerDate.nullable().optional(),
  issued_by: ZText(255).optional(),
  issuing_country_id: ZRecordId.nullable().optional(),
});

/**
 * The endorsement as a write takes it: spec 001's client sends it as `endorsement`, possibly the
 * endorsement record it read (its id and n_tpd 3 come along and are not written: the server
 * keeps the kind 3 record and its link).
 */
export const ZEndorsementWrite = ZEndorsementInput.extend({
  id: z.union([z.string(), z.number()]).optional(),
  n_tpd: z.coerce
    .number()
    .pipe(z.literal(3, { error: "an endorsement is of type 3" }))
    .optional(),
}).transform(({ id: _id, n_tpd: _type, ...endorsement }) => endorsement);

/** POST applicant_documents/restore_sequence: the applicant's documents in the order the staff arranged. */
export const ZDocumentOrder = z.strictObject({
  ids: z.array(ZRecordId).min(1, "give the documents in their order").max(500),
  /** The applicant whose documents these are (every id must be one of theirs); default: the first document's. */
  user_id: ZRecordId.optional(),
});

/** POST applicant_documents/rename-files: every file of the applicant's documents gets its standard name. */
export const ZRenameFiles = z.strictObject({ user_id: ZRecordId });

/**
 * An applicant's documents and certificates (spec 001 "Applicant document"): the kind (`n_doc`,
 * from the `applicant-documents` reference list), number, issue and expiry dates, issuing country
 * and authority, the rank a certificate qualifies for, files; a certificate's endorsement is a
 * kind 3 record linked through `endorsement_id` (docs/records.md "Documents").
 */
export const applicantDocuments = defineResource({
  type: "applicant_documents",
  permission: "userDocuments",
  label: { one: "Document", many: "Documents" },
  titleAttribute: "title",
  attributes: {
    title: { label: "Document", kind: "text" },
    n_tpd: {
      label: "Type",
      kind: "select",
      required: true,
      list: true,
      sortable: true,
      options: DOCUMENT_TYPE_OPTIONS,
      input: ZDocumentType,
    },
    /** The kind's id; the `kind` relationship names the same. */
    n_doc: { label: "Kind", kind: "number", sortable: true, form: false, input: ZRecordId },
    kind_title: { label: "Kind", kind: "text", list: true },
    number: {
      label: "Number",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: ZRequiredText(50),
    },
    valid_from: { label: "Issued", kind: "date", list: true, sortable: true, input: ZCareerDate.nullable() },
    valid_until: {
      label: "Valid until",
      kind: "date",
      list: true,
      sortable: true,
      input: ZCareerDate.nullable(),
    },
    issued_by: textAttr("Issued by", 255),
    validity: { label: "Validity", kind: "select", list: true, options: DOCUMENT_VALIDITY_OPTIONS },
    /** The warning line the document is inside (days; 0 expired); null beyond every line. */
    expiry_line: { label: "Warning line, days", kind: "number" },
    /** The staff's order of the applicant's documents (restore_sequence). */
    sequence: { label: "Order", kind: "number", sortable: true },
    endorsement_id: { label: "Endorsement", kind: "number" },
    /** Write only: a certificate's endorsement, saved with it (null removes it). */
    endorsement_attributes: {
      label: "Endorsement",
      kind: "text",
      writeOnly: true,
      form: false,
      input: ZEndorsementWrite.nullable(),
      alias: "endorsement",
    },
    files: applicantFiles,
    ...timestamps,
  },
  relationships: {
    user: recordOwner,
    kind: { label: "Kind", type: "applicant-documents", cardinality: "one", form: true },
    issuing_country: { label: "Issuing country", type: "countries", cardinality: "one", form: true },
    role: { label: "For rank", type: "ranks", cardinality: "one", form: true },
    // Kept by the server (the endorsement saved with the certificate): a sent endorsement_id is ignored.
    endorsement: {
      label: "Endorsement",
      type: "applicant_documents",
      cardinality: "one",
      readOnly: true,
      attribute: "endorsement_id",
    },
    author: addedBy,
    attachments: recordAttachments,
    endorsement_attachments: {
      label: "Endorsement attachments",
      type: "attachments",
      cardinality: "many",
      readOnly: true,
    },
  },
  // Spec 001 §7 GET users/{id}/documents.
  parents: [{ type: "users", relationship: "user", path: "documents", create: true }],
  filters: {
    n_tpd: { label: "Type", kind: "select", options: DOCUMENT_TYPE_OPTIONS, input: ZDocumentType },
    n_doc: { label: "Kind", kind: "id", input: ZRecordId },
    validity: {
      label: "Validity",
      kind: "select",
      options: DOCUMENT_VALIDITY_OPTIONS,
      input: z.enum(DOCUMENT_VALIDITY),
    },
  },
  search: ["number", "issued_by"],
  // The staff's order first; then spec 001 §7's n_tpd, n_doc, -valid_from.
  defaultSort: "sequence,n_tpd,n_doc,-valid_from",
  rules: [
    {
      kind: "notBefore",
      field: "valid_until",
      than: "valid_from",
      message: "must not be before the date of issue",
    },
  ],
  verbs: ["show", "create", "update", "delete"],
  maxPageSize: 999,
  actions: {
    restore_sequence: {
      label: "Save the order",
      method: "POST",
      on: "collection",
      permission: { key: "userDocuments", action: "update" },
      input: ZDocumentOrder,
    },
    rename_files: {
      label: "Rename files",
      method: "POST",
      on: "collection",
      path: "/applicant_documents/rename-files",
      permission: { key: "userDocuments", action: "update" },
      input: ZRenameFiles,
    },
  },
});
