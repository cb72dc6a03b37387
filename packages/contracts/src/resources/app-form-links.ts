import { z } from "zod";
import { defineResource } from "../resource.js";
import { createdAt, updatedAt } from "./fields.js";

/**
 * Application-form links (issue 19 §3, spec 001 §3 "Application-form link", §7
 * users/{id}/app_form_links; docs/outside-channels.md): a link a recruiter sends to a seafarer.
 * It opens the public form (no account) where the seafarer fills in or corrects their data;
 * what they send lands as a version from source `application_form` for staff to accept, like
 * the crew job sites' snapshots. Only the token's hash is kept: the address is shown once.
 */
export const APP_FORM_LINK_DAYS = 14;
export const APP_FORM_LINK_STATUSES = ["open", "submitted", "expired", "revoked"] as const;
export type TAppFormLinkStatus = (typeof APP_FORM_LINK_STATUSES)[number];
export const APP_FORM_LINK_STATUS_LABELS: Record<TAppFormLinkStatus, string> = {
  open: "Waiting",
  submitted: "Submitted",
  expired: "Expired",
  revoked: "Replaced",
};

/** The spec's notices (spec 001 §9). */
export const APP_FORM_LINK_NOTICES = {
  created: "The link created successfully",
  deleted: "The link deleted successfully",
} as const;

/** The public form's limits: files per link, text fields' total, sea service rows. */
export const APP_FORM_MAX_DOCUMENTS = 10;
export const APP_FORM_MAX_SEA_ROWS = 12;

/** The public address of a link: /application-form/<token> on the product's own address. */
export const APP_FORM_PATH = "/application-form";

/** POST /api/users/{id}/app_form_links: how long the link stays open (default 14 days). */
export const ZAppFormLinkIssue = z.strictObject({
  days: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(60, "must be at most 60")
    .optional(),
});

/** POST /api/app_form_links/{id}/take_files: files the seafarer sent to take into the applicant's record. */
export const ZAppFormTakeFiles = z.strictObject({
  file_ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, "give at least one file")
    .max(APP_FORM_MAX_DOCUMENTS + 1),
});

export const APP_FORM_TAKE_NOTICE = "The files were added to the seafarer's record";

export const appFormLinks = defineResource({
  type: "app_form_links",
  permission: "applicationForm",
  label: { one: "Application-form link", many: "Application-form links" },
  titleAttribute: "status",
  attributes: {
    status: {
      label: "Status",
      kind: "select",
      list: true,
      options: APP_FORM_LINK_STATUSES.map((s) => ({ value: s, label: APP_FORM_LINK_STATUS_LABELS[s] })),
    },
    expires_at: { label: "Valid until", kind: "datetime", list: true, sortable: true },
    submitted_at: { label: "Submitted", kind: "datetime", list: true, sortable: true },
    /** The version the submission became (external_object_versions), for staff to accept. */
    version_id: { label: "Version", kind: "number", list: false },
    /** When the seafarer last saved a draft (the draft itself stays on the link until sent). */
    draft_saved_at: { label: "Draft saved", kind: "datetime", list: false },
    /** Scans of documents the seafarer sent with the form (passport, seaman's book, certificates). */
    documents: {
      label: "Scans",
      kind: "files",
      list: true,
      file: { accept: "applicantFile", multiple: true },
    },
    /** The seafarer's photo sent with the form. */
    photo: { label: "Photo", kind: "image", list: true, file: { accept: "image" } },
    author_name: { label: "Created by", kind: "text", list: true },
    created_at: { ...createdAt, label: "Created", list: true, sortable: true },
    updated_at: updatedAt,
  },
  relationships: {
    user: { label: "Applicant", type: "users", cardinality: "one", readOnly: true },
    author: { label: "Created by", type: "clients", cardinality: "one", readOnly: true },
  },
  parents: [{ type: "users", relationship: "user", path: "app_form_links", tab: "app-form-links" }],
  defaultSort: "-created_at",
  verbs: ["list", "show", "delete"],
  maxPageSize: 999,
  actions: {
    /**
     * POST /api/users/{id}/app_form_links (spec 001 §7 "create exists"): a new link for the
     * applicant; older open links of theirs stop working. The answer's `meta.url` is the only
     * time the address is shown (only its hash is kept).
     */
    issue: {
      label: "New link",
      method: "POST",
      on: "member",
      path: "/users/:id/app_form_links",
      record: "users",
      permission: { key: "applicationForm", action: "create" },
      input: ZAppFormLinkIssue,
    },
    /**
     * POST /api/app_form_links/{id}/take_files {file_ids}: after the form was sent, staff take
     * scans into the applicant's attachments (one each, titled by the file's name) and the photo
     * as the applicant's photo (users.update needed for that). The files move; the link keeps
     * the rest.
     */
    take_files: {
      label: "Add to the record",
      method: "POST",
      on: "member",
      permission: { key: "userAttachments", action: "create" },
      input: ZAppFormTakeFiles,
    },
  },
});
