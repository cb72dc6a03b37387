import type { TAttributeDef, TRelationshipDef } from "../resource.js";
import { ZText } from "./records-fields.js";

/**
 * Attributes and relationships every applicant record repeats, in one place so their labels
 * agree. Not exported from the package: they are pieces of definitions, not contracts.
 */

/** A record's file (a scan, a letter, a certificate). */
export const applicantFile = <const L extends string>(label: L) =>
  ({ label, kind: "file", file: { accept: "applicantFile" } }) as const satisfies TAttributeDef;
/** A record's files (several scans of one document or contract). */
export const applicantFiles = {
  label: "Files",
  kind: "files",
  file: { accept: "applicantFile", multiple: true },
} as const satisfies TAttributeDef;
/** The comment of a check or a performance record, shown in the list. */
export const listedComment = {
  label: "Comment",
  kind: "textarea",
  list: true,
  input: ZText(2000),
} as const satisfies TAttributeDef;

/** The applicant a record belongs to (its parent); spec 001's payloads send its id as `crewing_applicant_id`. */
export const recordOwner = {
  label: "Seafarer",
  type: "users",
  cardinality: "one",
  required: true,
  attribute: "crewing_applicant_id",
} as const satisfies TRelationshipDef;
/** The staff member who added the record (set by the server: a sent `author_id` is ignored). */
export const addedBy = {
  label: "Added by",
  type: "clients",
  cardinality: "one",
  readOnly: true,
  attribute: "author_id",
} as const satisfies TRelationshipDef;
/** Attachments addressed to the record (written through attachments/create_item). */
export const recordAttachments = {
  label: "Attachments",
  type: "attachments",
  cardinality: "many",
  readOnly: true,
} as const satisfies TRelationshipDef;
/** The sea-service record a check or a performance record belongs to (its parent). */
export const ofSeaService = {
  label: "Sea service",
  type: "expiriences",
  cardinality: "one",
  required: true,
} as const satisfies TRelationshipDef;
