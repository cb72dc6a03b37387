import { z } from "zod";
import { defineResource } from "../resource.js";
import { ZRecordId } from "./applicant-fields.js";
import { createdAt, updatedAt } from "./fields.js";

/**
 * What an outside source said about an applicant (issue 19 §2; docs/outside-channels.md): the
 * crew job sites UkrCrewing and Crewell (and, later, the application form). Every fetch is kept
 * as a version (spec 001 §3 "External object history": item_type, item_id, source, date); the
 * applicant changes only where staff accept a field, never by the fetch itself.
 */
/** The crew job sites staff refresh an applicant from. */
export const CREW_SITE_SOURCES = ["ukr_crewing", "crewell"] as const;
export type TCrewSiteSource = (typeof CREW_SITE_SOURCES)[number];
/** application_form: what the seafarer sent through an application-form link (app-form-links.ts). */
export const EXTERNAL_SOURCES = [...CREW_SITE_SOURCES, "application_form"] as const;
export type TExternalSource = (typeof EXTERNAL_SOURCES)[number];
export const EXTERNAL_SOURCE_LABELS: Record<TExternalSource, string> = {
  ukr_crewing: "UkrCrewing",
  crewell: "Crewell",
  application_form: "Application form",
};

/** pending: some changed field is undecided; reviewed: staff chose (accepted some, all or none). */
export const EXTERNAL_VERSION_STATUSES = ["pending", "reviewed"] as const;

/**
 * The applicant's attributes a site's profile may propose, in the order the diff shows them.
 * Only these are compared and only these can be taken: ids, flags and status stay ours.
 */
export const EXTERNAL_FIELDS = [
  "surname",
  "name",
  "middle",
  "birthday",
  "email",
  "mobile_phone",
  "mobile_phone_alternative",
  "address",
  "readiness_date",
  "wage",
  "height",
  "weight",
  "shoe_size",
  "coverall_size",
] as const;
export type TExternalField = (typeof EXTERNAL_FIELDS)[number];

/** One field where the site says something other than our record (the computed `changes`). */
export interface TExternalChange {
  field: TExternalField;
  /** What our record holds now (text as the form shows it; dates yyyy-mm-dd). */
  ours: string | number | null;
  theirs: string | number | null;
}

/**
 * One sea-service row as a site lists it. Staff may take the rows that are new to us
 * (accept_sea_service): a row is ours already when a record of the applicant has the same
 * vessel name (any case and spacing) and the same sign-on and sign-off days.
 */
export interface TExternalSeaService {
  vessel: string;
  rank: string | null;
  company: string | null;
  date_on: string | null;
  date_off: string | null;
}

export const EXTERNAL_NOTICES: Record<TCrewSiteSource, string> = {
  ukr_crewing: "User updated successfully from UkrCrewing",
  crewell: "User updated successfully from Crewell",
};

/** POST /api/external_object_versions/{id}/accept: the fields staff take into the applicant ([]: none, the version is only marked reviewed). */
export const ZExternalAccept = z.strictObject({
  fields: z.array(z.enum(EXTERNAL_FIELDS)).max(EXTERNAL_FIELDS.length),
});

/**
 * POST /api/external_object_versions/{id}/accept_sea_service {rows}: the site's sea-service rows
 * (positions in the version's sea_service) staff add to the applicant's sea service, all or
 * none: a row ours already, without a sign-on day, with a rank none of ours, or overlapping the
 * applicant's sea service or another picked row (the sea service's overlap rule) is a 422 on
 * /data/attributes/rows/<its place in this array>, and nothing is added.
 */
export const ZExternalAcceptSeaService = z.strictObject({
  rows: z.array(z.number().int().min(0).max(199)).min(1).max(200),
});

/** Background task kind of a bulk refresh from a site (its progress row). */
export const EXTERNAL_REFRESH_ALL_KIND = "external_object_versions.refresh_all";
/** Most applicants one bulk refresh takes (their ids are fixed when it is queued). */
export const EXTERNAL_REFRESH_ALL_LIMIT = 5000;

/**
 * POST /api/external_object_versions/refresh_all: refresh from a site every applicant the caller
 * reads who has that site's id and whose record changed in the last `days` days. Without
 * `confirm` nothing is fetched: the answer counts them. With `confirm` (the count shown, still
 * true) the refresh is queued; a count that no longer holds is a 409 with the count in meta.
 */
export const ZExternalRefreshAll = z.strictObject({
  source: z.enum(CREW_SITE_SOURCES),
  days: z.number().int().min(1, "must be at least 1").max(365, "must be at most 365"),
  confirm: z.number().int().min(1).optional(),
});
export type TExternalRefreshAll = z.infer<typeof ZExternalRefreshAll>;

/** The bulk refresh's count (no `confirm`), and with `background_task_id` once queued. */
export interface TExternalRefreshAllCount {
  source: TCrewSiteSource;
  days: number;
  /** Records changed since then (ISO time). */
  since: string;
  count: number;
  background_task_id?: number;
}

/** What a finished bulk refresh reports (its task's `result`). */
export interface TExternalRefreshAllResult {
  /** A version with changes or new sea service now waits for staff. */
  updated: number;
  /** The site says what we hold (a version kept as reviewed). */
  unchanged: number;
  /** The site was down, slow, unreadable or had no such profile: nothing stored for them. */
  failed: number;
  /** The first failures: applicant id and the reason. */
  failures: { user_id: number; reason: string }[];
}

export const EXTERNAL_NOTICES_BULK = {
  queued: "The refresh is on its way",
  keySet: "The key is saved",
  keyCleared: "The key is removed",
} as const;

/**
 * POST /api/external_object_versions/set_site_key {source, key}: an admin sets the company's key for
 * a site (sealed in the database; never answered). `key: null` removes it (configuration again).
 */
export const ZCrewSiteKeySet = z.strictObject({
  source: z.enum(CREW_SITE_SOURCES),
  key: z
    .string()
    .trim()
    .min(8, "is too short (minimum is 8 characters)")
    .max(512, "is too long (maximum is 512 characters)")
    .nullable(),
});

/** A site's key as the API shows it: whether one is set, never the key. */
export interface TCrewSiteKeyState {
  source: TCrewSiteSource;
  label: string;
  /** A key saved in the app. */
  stored: boolean;
  /** The saved key is for the site's address configured now (else it is not used: set it again). */
  stored_applies: boolean;
  /** The address the saved key is for. */
  stored_for_url: string | null;
  set_at: string | null;
  set_by_name: string | null;
  /** A key in the server's configuration (used when none is stored). */
  configured: boolean;
  /** The site's address is configured (UKRCREWING_URL / CREWELL_URL or the stand-in). */
  url_configured: boolean;
}

export const externalObjectVersions = defineResource({
  type: "external_object_versions",
  permission: "externalUpdate",
  label: { one: "External version", many: "External versions" },
  titleAttribute: "source",
  attributes: {
    item_type: { label: "Item type", kind: "text", list: true },
    item_id: { label: "Item", kind: "number", list: true },
    source: {
      label: "Source",
      kind: "select",
      list: true,
      options: EXTERNAL_SOURCES.map((s) => ({ value: s, label: EXTERNAL_SOURCE_LABELS[s] })),
    },
    /** The site's id of the profile (ukr_crewing_id or crewell_id when fetched). */
    external_id: { label: "Site id", kind: "text", list: true },
    /** When it was fetched. */
    date: { label: "Fetched", kind: "datetime", list: true, sortable: true },
    /** The profile's fields as the site gave them (EXTERNAL_FIELDS; null where the site has none). */
    fields: { label: "Fields", kind: "text", details: false },
    /** The site's sea service (TExternalSeaService[]). */
    sea_service: { label: "Sea service", kind: "text", details: false },
    /** Computed: the fields where the site differs from our record now (TExternalChange[]). */
    changes: { label: "Changes", kind: "text", details: false },
    /** Computed: the positions of the sea_service rows our applicant's sea service lacks now (number[]). */
    sea_service_new: { label: "New sea service", kind: "text", details: false },
    status: {
      label: "Status",
      kind: "select",
      list: true,
      options: EXTERNAL_VERSION_STATUSES.map((s) => ({ value: s, label: s })),
    },
    /** The fields staff took from this version. */
    accepted_fields: { label: "Accepted fields", kind: "tags" },
    reviewed_at: { label: "Reviewed", kind: "datetime" },
    created_at: createdAt,
    updated_at: updatedAt,
  },
  relationships: {
    item: { label: "Applicant", type: "users", cardinality: "one", readOnly: true },
    author: { label: "Fetched by", type: "clients", cardinality: "one", readOnly: true },
    reviewer: { label: "Reviewed by", type: "clients", cardinality: "one", readOnly: true },
  },
  parents: [{ type: "users", relationship: "item", path: "external_object_versions", tab: "external" }],
  filters: {
    item_type: { label: "Item type", kind: "select", input: z.enum(["users"]) },
    item_id: { label: "Item", kind: "id", input: ZRecordId, type: "users" },
    source: { label: "Source", kind: "select", input: z.enum(EXTERNAL_SOURCES) },
    status: { label: "Status", kind: "select", input: z.enum(EXTERNAL_VERSION_STATUSES) },
  },
  defaultSort: "-date",
  verbs: ["list", "show"],
  maxPageSize: 999,
  actions: {
    /** GET /api/users/{id}/update_from_uc (spec 001 §7): fetch the UkrCrewing profile and keep it as a version. */
    update_from_uc: {
      label: "Update from UkrCrewing",
      method: "GET",
      on: "member",
      path: "/users/:id/update_from_uc",
      record: "users",
      permission: { key: "externalUpdate", action: "create" },
    },
    /** GET /api/users/{id}/update_from_cw: the same from Crewell. */
    update_from_cw: {
      label: "Update from Crewell",
      method: "GET",
      on: "member",
      path: "/users/:id/update_from_cw",
      record: "users",
      permission: { key: "externalUpdate", action: "create" },
    },
    /** POST /api/external_object_versions/{id}/accept {fields}: take these fields into the applicant. */
    accept: {
      label: "Accept",
      method: "POST",
      on: "member",
      permission: { key: "externalUpdate", action: "update" },
      input: ZExternalAccept,
    },
    /** POST /api/external_object_versions/{id}/accept_sea_service {rows}: add these sea-service rows of the site to the applicant. */
    accept_sea_service: {
      label: "Accept sea service",
      method: "POST",
      on: "member",
      permission: { key: "externalUpdate", action: "update" },
      input: ZExternalAcceptSeaService,
    },
    /** GET /api/external_object_versions/get_applicant_with_experience/{id}: the applicant with their sea service, to compare with. */
    get_applicant_with_experience: {
      label: "Applicant with sea service",
      method: "GET",
      on: "member",
      path: "/external_object_versions/get_applicant_with_experience/:id",
      record: "users",
      permission: { key: "externalUpdate", action: "read" },
    },
    /** POST /api/external_object_versions/refresh_all {source, days, confirm?}: count, then queue a refresh of every applicant with the site's id changed in the last days. */
    refresh_all: {
      label: "Refresh all from a site",
      method: "POST",
      on: "collection",
      permission: { key: "externalUpdate", action: "create" },
      input: ZExternalRefreshAll,
    },
    /** GET /api/external_object_versions/site_keys: whether each site's key is set (administration: the permissions key). */
    site_keys: {
      label: "Site keys",
      method: "GET",
      on: "collection",
      permission: { key: "permissions", action: "read" },
    },
    /** POST /api/external_object_versions/set_site_key {source, key}: an admin sets (or removes) a site's key. */
    set_site_key: {
      label: "Set a site key",
      method: "POST",
      on: "collection",
      permission: { key: "permissions", action: "update" },
      input: ZCrewSiteKeySet,
    },
  },
});
