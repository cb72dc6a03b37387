import { z } from "zod";
import type { TAction } from "./permissions/flags.js";
import type { TPermissionKey } from "./permissions/keys.js";

/**
 * How a field is edited and shown by the generic client screens. The client keeps a
 * registry of kinds (input and cell) that screens may extend.
 */
export type TFieldKind =
  | "text"
  | "textarea"
  | "email"
  | "password"
  | "number"
  | "boolean"
  | "select"
  | "date"
  | "datetime"
  | "tags"
  | "image"
  | "file"
  | "files"
  | "richtext"
  | "phone"
  | "money";

export interface TOption {
  value: string;
  label: string;
}

/** Uploads of a `file`, `files` or `image` attribute (kernel files, docs/files.md). */
export interface TFileSpec {
  /** Named set of allowed content types, recognised from the content (storage module). */
  accept: "image" | "applicantFile" | "docxTemplate";
  /** `files`: several files in order; otherwise one that a new upload replaces. */
  multiple?: boolean;
}

export interface TAttributeDef {
  label: string;
  kind: TFieldKind;
  /** Validates a written value; absent for attributes the server computes. */
  input?: z.ZodType;
  /** Required on create (update is always partial). */
  required?: boolean;
  /** Shown as a list column. */
  list?: boolean;
  sortable?: boolean;
  /** Never sent back (passwords). */
  writeOnly?: boolean;
  /** Shown on the generic form (default: when it has `input`). */
  form?: boolean;
  /** Shown on the generic details (default true; false for a list's copy of a relationship's name). */
  details?: boolean;
  options?: readonly TOption[];
  /** Upload rules of a file attribute; its value is read-only JSON ({id, filename, url, ...}). */
  file?: TFileSpec;
  /** What a new record's form starts with (the column's default: a new vessel is active). */
  default?: string | number | boolean | null;
  /**
   * Another spelling a write may use for this attribute (the spec's clients send `docType` for
   * `doc_type`, `endorsement` for `endorsement_attributes`); sending both with different values
   * is a 422. Only written, never served.
   */
  alias?: string;
}

export interface TRelationshipDef {
  label: string;
  /** JSON:API type of the related resource (a key of RESOURCES). */
  type: string;
  cardinality: "one" | "many";
  /** Editable on the generic form as a select over `select_options`. */
  form?: boolean;
  required?: boolean;
  /** Read-only: written through the related resource (children of a one-to-many). */
  readOnly?: boolean;
  /**
   * Permission key whose `update` writing this relationship needs instead of the resource's
   * own (a vessel's owner needs vessels.owner).
   */
  permission?: TPermissionKey;
  /**
   * The attribute spelling of this to-one relationship in a write (`crewing_applicant_id` for
   * `user`): the spec's payloads carry foreign keys as attributes. Its value is the related id
   * or null. For a read-only relationship (the author, set by the server) the value is accepted
   * and ignored. Sending both spellings with different values is a 422.
   */
  attribute?: string;
}

export interface TFilterDef {
  label: string;
  kind: "text" | "select" | "boolean" | "id" | "ids" | "range" | "date";
  /** Parses the query string value (already known not to be empty or `all`). */
  input: z.ZodType;
  options?: readonly TOption[];
  /**
   * JSON:API type of the records an `id` filter names, when the filter is not `<relationship>_id`
   * (a vessel list's `assigned_to` names a crew user: `clients`).
   */
  type?: string;
}

/**
 * A list of this resource under a parent record: `GET /api/{parent}/{id}/{path}` lists the
 * children of one parent (spec: users/{id}/expiriences, vessels/{id}/manning_scales). The
 * kernel checks that the parent exists and that the caller may read it.
 */
export interface TParentDef {
  /** JSON:API type of the parent. */
  type: string;
  /** The relationship of this resource that points at the parent. */
  relationship: string;
  /** Path segment under the parent (default: this resource's type). */
  path?: string;
  /** Also serve POST on the nested path, with the parent relationship filled in. */
  create?: boolean;
  /**
   * The client's tab segment on the parent's details when it differs from the API path (spec
   * 001: the API lists `users/{id}/expiriences`, the screens route `/users/:id/experiences`).
   */
  tab?: string;
}

/** Where an action is mounted: on the collection (`/api/{type}/{name}`) or a member (`/api/{type}/{id}/{name}`). */
export type TActionTarget = "collection" | "member";
export type TActionMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * A bespoke operation of a resource, declared once: the kernel mounts it, checks its
 * permission, validates its input, lists it in the permission-matrix route table, and the
 * client calls it through `runAction`.
 */
export interface TActionDef {
  label: string;
  method: TActionMethod;
  /** Other methods served the same way (the spec's clients call some actions with POST and PATCH). */
  alsoMethods?: readonly TActionMethod[];
  on: TActionTarget;
  /** Path under /api when it is not `{type}[/{id}]/{name}` (`/favorites/star_user`). */
  path?: string;
  /**
   * A member action whose `:id` names a record of another type (GET /print/{id}, an applicant's
   * CV, declared with the records it prints): the kernel checks that record by its own type's
   * permission and scope instead of this resource's.
   */
  record?: string;
  /**
   * Permission it needs; default: the resource's key with the action its method implies
   * (GET read, POST create, PATCH update, DELETE delete). `null`: any signed-in account.
   */
  permission?: { key: TPermissionKey; action: TAction | "enable" } | null;
  /** Input: the query for GET, else the body (`{data: {attributes}}` or a bare object). */
  input?: z.ZodType;
  /**
   * multipart/form-data upload: the files (checked by content against `accept`, in the form
   * fields named by `fields`) reach the handler, the input holds the text fields. `true`
   * takes the widest set (applicantFile) in a field `file`.
   */
  upload?: boolean | TActionUpload;
}

export interface TActionUpload {
  accept: TFileSpec["accept"];
  /** Form fields the files may come in (default `file`). */
  fields?: readonly string[];
  /** Most files in one request (default 1). */
  maxFiles?: number;
  /** The files may be left out: a JSON body is taken as well (an interaction with no file). */
  optional?: boolean;
}

export type TVerb = "list" | "show" | "create" | "update" | "delete";

export interface TResourceDef {
  /** JSON:API type, also the path segment under /api. */
  type: string;
  /** Permission key checked for every route of this resource. */
  permission: TPermissionKey;
  /** Client base route, e.g. /vessel-types; absent for resources without a generic screen. */
  route?: string;
  label: { one: string; many: string };
  /** The name-like attribute used for option labels and titles. */
  titleAttribute: string;
  attributes: Record<string, TAttributeDef>;
  relationships?: Record<string, TRelationshipDef>;
  filters?: Record<string, TFilterDef>;
  /** Attributes matched by `search` (default strategy: every word in one of them, case-insensitive). */
  search?: readonly string[];
  /** JSON:API sort expression used when none is given. */
  defaultSort: string;
  /** Sort names that are not attributes (the server maps them). */
  sorts?: readonly string[];
  /** Verbs the generic engine serves; bespoke routes add the rest. */
  verbs: readonly TVerb[];
  /** Offered by GET /api/select_options?type=... */
  selectable?: boolean;
  /**
   * The attribute select_options lists the options by (ascending; default the title
   * attribute): ranks by seniority, crewing_priority (issue 22 point 18).
   */
  optionsOrder?: string;
  /** Lists under parent records. */
  parents?: readonly TParentDef[];
  actions?: Record<string, TActionDef>;
  /** Writes are recorded as versions and `GET /api/{type}/{id}/versions` serves them (default true). */
  history?: boolean;
  /**
   * Changes are told to subscribers of `GET /api/live?types=...` (the planner's live updates).
   * `"recipients"`: only events that name their recipients reach a subscriber, and only theirs
   * (a staff member's own notifications, docs/live.md).
   */
  live?: boolean | "recipients";
  /** Largest page a client may ask for (default MAX_PAGE_SIZE; the tag job reads 10,000). */
  maxPageSize?: number;
  /**
   * Top-level members a relationship write (`PATCH /{type}/{id}/relationships/{name}`) accepts
   * besides `data`, with their zod (the spec's vessels send `update_from_equasis: false`).
   */
  relationshipFlags?: Record<string, z.ZodType>;
  /**
   * Rules over several attributes of the record as a write leaves it (start before end): the
   * server refuses a write that breaks one (422 on `field`), the generic form checks them
   * before it submits (field-rules.ts).
   */
  rules?: readonly TFieldRule[];
}

/** `field` may not be earlier than `than` (dates; either empty passes). */
export interface TFieldRule {
  kind: "notBefore";
  field: string;
  than: string;
  message: string;
}

export const ALL_VERBS = ["list", "show", "create", "update", "delete"] as const;

/** Identity helper that keeps literal types of a definition. */
export const defineResource = <const T extends TResourceDef>(def: T): T => def;

/** Zod object for a create (required attributes) or update (all optional) of a resource. */
export const attributesSchema = (def: TResourceDef, mode: "create" | "update"): z.ZodObject => {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, attr] of Object.entries(def.attributes)) {
    if (!attr.input) continue;
    shape[name] = mode === "create" && attr.required ? attr.input : attr.input.optional();
  }
  return z.strictObject(shape);
};

/**
 * Own-property lookups of a definition's names. Names come from clients: `__proto__` or
 * `constructor` must never resolve to something inherited.
 */
const own = <T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined =>
  record && Object.hasOwn(record, name) ? record[name] : undefined;
export const attributeOf = (def: TResourceDef, name: string): TAttributeDef | undefined =>
  own(def.attributes, name);
export const relationshipOf = (def: TResourceDef, name: string): TRelationshipDef | undefined =>
  own(def.relationships, name);
export const filterOf = (def: TResourceDef, name: string): TFilterDef | undefined => own(def.filters, name);
export const actionOf = (def: TResourceDef, name: string): TActionDef | undefined => own(def.actions, name);

const METHOD_ACTION: Record<TActionMethod, TAction> = {
  GET: "read",
  POST: "create",
  PATCH: "update",
  DELETE: "delete",
};

/** The permission an action needs (null: any signed-in account). */
export const actionPermission = (
  def: TResourceDef,
  action: TActionDef,
): { key: string; action: TAction | "enable" } | null =>
  action.permission === undefined
    ? { key: def.permission, action: METHOD_ACTION[action.method] }
    : action.permission;

/** Path of an action under /api, with `:id` for a member action. */
export const actionPath = (def: TResourceDef, name: string, action: TActionDef): string =>
  action.path ?? (action.on === "member" ? `/${def.type}/:id/${name}` : `/${def.type}/${name}`);

/** The nested list path of a parent: `/{parent}/:parentId/{path}`. */
export const nestedPath = (def: TResourceDef, parent: TParentDef): string =>
  `/${parent.type}/:parentId/${parent.path ?? def.type}`;
