import {
  attributesSchema,
  brokenRules,
  type TAttributeDef,
  type TRelationshipDef,
  type TResourceDef,
} from "@crew/contracts";
import type { TResourceRecord } from "../data/resource-types";
import { draftOf, isFileAttribute, isFileDraft, type TFileDraft } from "../fields/file-draft";

export type TFormMode = "create" | "update";
/** A form value: text, number, switch, tags or to-many ids, a choice (null: none), or a file field's draft. */
export type TFormValue = string | number | boolean | string[] | null | TFileDraft;
export type TFormValues = Record<string, TFormValue>;
export type TFieldErrors = Record<string, string>;

export type TFormField =
  | { name: string; source: "attribute"; attr: TAttributeDef }
  /** Uploaded after the record is saved, not part of the write body. */
  | { name: string; source: "file"; attr: TAttributeDef }
  | { name: string; source: "relationship"; rel: TRelationshipDef };

/**
 * Attributes with a writer (`input`) unless the definition hides them, file attributes,
 * then editable relationships (to-one as a picker, to-many as a multi-picker).
 */
export const formFields = (def: TResourceDef): TFormField[] => [
  ...Object.entries(def.attributes).flatMap(([name, attr]): TFormField[] => {
    if (attr.form === false) return [];
    if (isFileAttribute(attr)) return [{ name, source: "file", attr }];
    return attr.input ? [{ name, source: "attribute", attr }] : [];
  }),
  ...Object.entries(def.relationships ?? {})
    .filter(([, rel]) => rel.form && !rel.readOnly)
    .map(([name, rel]): TFormField => ({ name, source: "relationship", rel })),
];

/** The form value of "nothing entered" for an attribute kind. */
export const emptyValue = (attr: TAttributeDef): TFormValue => {
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

/** Related ids of a to-many relationship of a record. */
export const relatedIds = (record: TResourceRecord | undefined, name: string): string[] => {
  const data = record?.relationships?.[name]?.data;
  return Array.isArray(data) ? data.map((d) => d.id) : [];
};

export const initialValues = (def: TResourceDef, record?: TResourceRecord): TFormValues =>
  Object.fromEntries(
    formFields(def).map((f) => {
      switch (f.source) {
        case "attribute":
          return [
            f.name,
            record || f.attr.default === undefined
              ? fromRecord(f.attr, record?.attributes[f.name])
              : f.attr.default,
          ];
        case "file":
          return [f.name, draftOf(record?.attributes[f.name])];
        case "relationship":
          return [
            f.name,
            f.rel.cardinality === "many" ? relatedIds(record, f.name) : relatedId(record, f.name),
          ];
      }
    }),
  );

const isEmpty = (v: TFormValue): boolean => v === null || v === "" || (Array.isArray(v) && v.length === 0);

export interface TPayload {
  attributes: Record<string, unknown>;
  /** Identifiers by relationship name: one (null clears it) or, for a to-many, the full new list. */
  relationships: Record<string, { type: string; id: string } | { type: string; id: string }[] | null>;
}

/** The file fields' drafts of a form's values. */
export const fileDrafts = (def: TResourceDef, values: TFormValues): Record<string, TFileDraft> =>
  Object.fromEntries(
    formFields(def).flatMap((f) => {
      const value = values[f.name];
      return f.source === "file" && isFileDraft(value) ? [[f.name, value]] : [];
    }),
  );

/**
 * What a form sends. An update sends only what changed (an untouched password stays as it
 * is). An empty optional value is sent as null when the schema takes null (clearing it) and
 * left out otherwise; an empty required value is kept so validation names it.
 */
export const toPayload = (
  def: TResourceDef,
  mode: TFormMode,
  values: TFormValues,
  initial: TFormValues,
): TPayload => {
  const payload: TPayload = { attributes: {}, relationships: {} };
  for (const field of formFields(def)) {
    if (field.source === "file") continue;
    const value = values[field.name] ?? null;
    if (isFileDraft(value)) continue;
    if (mode === "update" && JSON.stringify(value) === JSON.stringify(initial[field.name] ?? null)) continue;
    if (field.source === "relationship") {
      const { type } = field.rel;
      if (field.rel.cardinality === "many") {
        payload.relationships[field.name] = (Array.isArray(value) ? value : []).map((id) => ({ type, id }));
        continue;
      }
      payload.relationships[field.name] = value === null || value === "" ? null : { type, id: String(value) };
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

/**
 * The definition's rules over several fields (start before end) a form's values break, by
 * field, with the server's checker: the generic form and the bespoke ones (timeplan editor,
 * crew rotation) show them before submit instead of waiting for the server's 422.
 */
export const declaredRuleErrors = (def: Pick<TResourceDef, "rules">, values: object): TFieldErrors => {
  const byName = new Map<string, unknown>(Object.entries(values));
  return Object.fromEntries(
    brokenRules(def, (name) => byName.get(name)).map(({ field, message }) => [field, message]),
  );
};

/**
 * Client-side check with the same zod schema the server applies, and the definition's rules
 * over several fields (start before end) over the whole form's `values`, with the server's
 * checker; messages keyed by field.
 */
export const validatePayload = (
  def: TResourceDef,
  mode: TFormMode,
  payload: TPayload,
  values?: TFormValues,
): TFieldErrors => {
  const errors: TFieldErrors = values ? declaredRuleErrors(def, values) : {};
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
      const given = payload.relationships[name];
      if (rel.form && rel.required && (!given || (Array.isArray(given) && given.length === 0)))
        errors[name] = "can't be blank";
    }
  }
  return errors;
};

/** "has already been taken" under "Title" reads "Title has already been taken"; full sentences stay. */
export const fieldMessage = (label: string, message: string): string =>
  /^[a-z]/.test(message) ? `${label} ${message}` : message;
