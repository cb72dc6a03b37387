import { ZWriteDocument, attributesSchema, type TResourceDef } from "@crew/contracts";
import { AppError, type TFieldIssue } from "../errors/app-error.js";

export interface TWriteInput {
  /** Validated attribute values by (snake_case) attribute name. */
  attributes: Record<string, unknown>;
  /** To-one relationship ids by relationship name (null clears). */
  relationships: Record<string, number | null>;
}

const idOf = (id: string): number | undefined => (/^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined);

/**
 * Reads a JSON:API write document for a resource. Shape problems (not a document, unknown
 * or read-only names) are 400; a wrong type or id is 409 (JSON:API); invalid values are 422
 * with a pointer to each field.
 */
export const parseWriteBody = (
  def: TResourceDef,
  body: unknown,
  mode: "create" | "update",
  urlId?: number,
): TWriteInput => {
  const doc = ZWriteDocument.safeParse(body);
  if (!doc.success) {
    throw AppError.badRequest("The body must be a JSON:API document: {\"data\": {\"type\": ..., \"attributes\": {...}}}");
  }
  const { data } = doc.data;
  if (data.type !== def.type) throw AppError.conflict(`data.type must be '${def.type}'`);
  if (mode === "update" && data.id !== undefined && data.id !== String(urlId)) {
    throw AppError.conflict("data.id does not match the id in the address");
  }
  const given = data.attributes ?? {};
  for (const name of Object.keys(given)) {
    const attr = def.attributes[name];
    if (!attr) throw new AppError("BAD_REQUEST", `Unknown attribute '${name}'`, [badPointer(`Unknown attribute '${name}' of ${def.type}`, `/data/attributes/${name}`)]);
    if (!attr.input) throw new AppError("BAD_REQUEST", `'${name}' cannot be written`, [badPointer(`'${name}' is read-only`, `/data/attributes/${name}`)]);
  }
  const issues: TFieldIssue[] = [];
  const parsed = attributesSchema(def, mode).safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "base");
      const message = issue.code === "invalid_type" && issue.input === undefined ? "can't be blank" : issue.message;
      if (!issues.some((i) => i.field === field)) issues.push({ field, message });
    }
  }

  const relationships: Record<string, number | null> = {};
  for (const [name, value] of Object.entries(data.relationships ?? {})) {
    const rel = def.relationships?.[name];
    if (!rel) throw new AppError("BAD_REQUEST", `Unknown relationship '${name}'`, [badPointer(`Unknown relationship '${name}' of ${def.type}`, `/data/relationships/${name}`)]);
    if (rel.cardinality !== "one" || Array.isArray(value.data)) {
      throw AppError.badRequest(`Relationship '${name}' takes one resource identifier or null`);
    }
    if (value.data === null) {
      relationships[name] = null;
      continue;
    }
    if (value.data.type !== rel.type) throw AppError.conflict(`Relationship '${name}' must be of type '${rel.type}'`);
    const id = idOf(value.data.id);
    if (id === undefined) issues.push({ field: name, message: "is not a valid id", location: "relationships" });
    else relationships[name] = id;
  }
  if (mode === "create") {
    for (const [name, rel] of Object.entries(def.relationships ?? {})) {
      if (rel.required && relationships[name] == null) issues.push({ field: name, message: "must exist", location: "relationships" });
    }
  }
  if (issues.length) throw AppError.invalid(issues);
  return { attributes: (parsed.data ?? {}), relationships };
};

const badPointer = (detail: string, pointer: string) => ({ status: "400", title: "Bad Request", detail, source: { pointer } });

export const parseId = (raw: string | undefined): number => {
  const id = raw === undefined ? undefined : idOf(raw);
  if (id === undefined) throw AppError.notFound();
  return id;
};
