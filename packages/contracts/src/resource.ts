import { z } from "zod";
import type { TPermissionKey } from "./permissions/keys.js";

/** How a field is edited and shown by the generic client screens. */
export type TFieldKind =
  | "text" | "textarea" | "email" | "password" | "number" | "boolean" | "select"
  | "date" | "datetime" | "tags" | "image";

export interface TOption { value: string; label: string }

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
  options?: readonly TOption[];
}

export interface TRelationshipDef {
  label: string;
  /** JSON:API type of the related resource (a key of RESOURCES). */
  type: string;
  cardinality: "one" | "many";
  /** Editable on the generic form as a select over `select_options`. */
  form?: boolean;
  required?: boolean;
}

export interface TFilterDef {
  label: string;
  kind: "text" | "select" | "boolean" | "id";
  /** Parses the query string value (already known not to be empty or `all`). */
  input: z.ZodType;
  options?: readonly TOption[];
}

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
  /** Attributes matched (case-insensitive, any word) by `search`. */
  search?: readonly string[];
  /** JSON:API sort expression used when none is given. */
  defaultSort: string;
  /** Verbs the generic engine serves; bespoke routes add the rest. */
  verbs: readonly ("list" | "show" | "create" | "update" | "delete")[];
  /** Offered by GET /api/select_options?type=... */
  selectable?: boolean;
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
