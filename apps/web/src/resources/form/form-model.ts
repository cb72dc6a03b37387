import {
  attributesSchema,
  type TAttributeDef,
  type TRelationshipDef,
  type TResourceDef,
} from "@crew/contracts";
import type { TResourceRecord } from "../data/resource-types";

export type TFormMode = "create" | "update";
export type TFormValue = string | number | boolean | string[] | null;
export type TFormValues = Record<string, TFormValue>;
export type TFieldErrors = Record<string, string>;

export type TFormField =
  | { name: string; source: "attribute"; attr: TAttributeDef }
  | { name: string; source: "relationship"; rel: TRelationshipDef };

/** Attributes with a writer (`input`) unless the definition hides them, then editable to-one relationships. */
export const formFields = (def: TResourceDef): TFormField[] => [
  ...Object.entries(def.attributes)
    .filter(([, attr]) => attr.input && attr.form !== false)
    .map(([name, attr]): TFormField => ({ name, source: "attribute", attr })),
  ...Object.entries(def.relationships ?? {})
    .filter(([, rel]) => rel.form && rel.cardinality === "one")
    .map(([name, rel]): TFormField => ({ name, source: "relationship", rel })),
];

const emptyValue = (attr: TAttributeDef): TFormValue => {
  switch (attr.kind) {
    case "boolean":
      return false;
    case "tags":
      return [];
    case "select":
      return null;
    default:
      return "";
  }
};

const fromRecord = (attr: TAttributeDef, raw: unknown): TFormValue => {
  if (attr.writeOnly) return emptyValue(attr);
  if (raw === null || raw === undefined) return emptyValue(attr);
  if (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") return raw;
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === "string");
  return emptyValue(attr);
};

/** Related id of a to-one relationship of a record, or null. */
export const relatedId = (record: TResourceRecord | undefined, name: string): string | null => {
  const data = record?.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

export const initialValues = (def: TResourceDef, record?: TResourceRecord): TFormValues =>
  Object.fromEntries(
    formFields(def).map((f) =>
      f.source === "attribute"
        ? [f.name, fromRecord(f.attr, record?.attributes[f.name])]
        : [f.name, relatedId(record, f.name)],
    ),
  );

const isEmpty = (v: TFormValue): boolean => v === null || v === "" || (Array.isArray(v) && v.length === 0);

export interface TPayload {
  attributes: Record<string, unknown>;
  /** To-one identifiers by relationship name; null clears the relationship. */
  relationships: Record<string, { type: string; id: string } | null>;
}

/**
 * What a form sends. An update sends only what changed (an untouched password stays as it
 * is). An empty optional value is sent as null when the schema takes null (clearing it) and
 * left out otherwise; an empty required value is kept so validation names it.
 */
export const toPayload = (def: TResourceDef, mode: TFormMode, values: TFormValues, initial: TFormValues): TPayload => {
  const payload: TPayload = { attributes: {}, relationships: {} };
  for (const field of formFields(def)) {
    const value = values[field.name] ?? null;
    if (mode === "update" && JSON.stringify(value) === JSON.stringify(initial[field.name] ?? null)) continue;
    if (field.source === "relationship") {
      payload.relationships[field.name] = value === null || value === "" ? null : { type: field.rel.type, id: String(value) };
      continue;
    }
    const { attr } = field;
    if (isEmpty(value) && attr.kind !== "tags") {
      if (attr.required) payload.attributes[field.name] = value ?? "";
      else if (attr.input?.safeParse(null).success) payload.attributes[field.name] = null;
      continue;
    }
    payload.attributes[field.name] = value;
  }
  return payload;
};

/** Client-side check with the same zod schema the server applies; messages keyed by field. */
export const validatePayload = (def: TResourceDef, mode: TFormMode, payload: TPayload): TFieldErrors => {
  const errors: TFieldErrors = {};
  const parsed = attributesSchema(def, mode).safeParse(payload.attributes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "");
      if (!name || errors[name]) continue;
      const value = payload.attributes[name];
      // zod words a missing choice as a type error; the product says it like the server does.
      errors[name] = value === "" || value === null || value === undefined ? "can't be blank" : issue.message;
    }
  }
  if (mode === "create") {
    for (const [name, rel] of Object.entries(def.relationships ?? {})) {
      if (rel.form && rel.required && !payload.relationships[name]) errors[name] = "can't be blank";
    }
  }
  return errors;
};

/** "has already been taken" under "Title" reads "Title has already been taken"; full sentences stay. */
export const fieldMessage = (label: string, message: string): string =>
  /^[a-z]/.test(message) ? `${label} ${message}` : message;
