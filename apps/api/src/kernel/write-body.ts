import {
  ZWriteDocument,
  type TResourceIdentifier,
  attributesSchema,
  type TResourceDef,
  attributeOf,
  relationshipOf,
} from "@crew/contracts";
import { AppError, type TFieldIssue } from "../errors/app-error.js";
import { idOf } from "./ids.js";
import { asSent, resolveAliases } from "./relationship-aliases.js";

export interface TWriteInput {
  /** Validated attribute values by (snake_case) attribute name. */
  attributes: Record<string, unknown>;
  /** To-one relationship ids by relationship name (null clears). */
  relationships: Record<string, number | null>;
  /** To-many relationships given in full (they replace the current set). */
  toMany: Record<string, number[]>;
}

/** An empty input (actions and relationship routes build theirs). */
export const emptyInput = (): TWriteInput => ({ attributes: {}, relationships: {}, toMany: {} });

export { MAX_ID, idOf } from "./ids.js";

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
  /** Relationships the route fills in itself (a nested create's parent). */
  provided: readonly string[] = [],
): TWriteInput => {
  const doc = ZWriteDocument.safeParse(body);
  if (!doc.success) {
    throw AppError.badRequest(
      'The body must be a JSON:API document: {"data": {"type": ..., "attributes": {...}}}',
    );
  }
  const { data } = doc.data;
  if (data.type !== def.type) throw AppError.conflict(`data.type must be '${def.type}'`);
  if (mode === "update" && data.id !== undefined && data.id !== String(urlId)) {
    throw AppError.conflict("data.id does not match the id in the address");
  }
  // Names as the client sent them: zod's record copy would turn a `__proto__` key into a prototype.
  // The spec's other spellings (foreign keys as attributes, `docType`) become the definition's names.
  const {
    attributes: given,
    relationships: linked,
    sentAs,
  } = resolveAliases(def, rawAttributes(body) ?? data.attributes ?? {}, data.relationships ?? {});
  for (const name of Object.keys(given)) {
    const attr = attributeOf(def, name);
    if (!attr)
      throw new AppError("BAD_REQUEST", `Unknown attribute '${name}'`, [
        badPointer(`Unknown attribute '${name}' of ${def.type}`, `/data/attributes/${name}`),
      ]);
    if (!attr.input)
      throw new AppError("BAD_REQUEST", `'${name}' cannot be written`, [
        badPointer(`'${name}' is read-only`, `/data/attributes/${name}`),
      ]);
  }
  const issues: TFieldIssue[] = [];
  const parsed = attributesSchema(def, mode).safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "base");
      const message =
        issue.code === "invalid_type" && issue.input === undefined ? "can't be blank" : issue.message;
      if (!issues.some((i) => i.field === field)) issues.push({ field, message });
    }
  }

  const relationships: Record<string, number | null> = {};
  const toMany: Record<string, number[]> = {};
  for (const [name, value] of Object.entries(linked)) {
    const rel = relationshipOf(def, name);
    if (!rel)
      throw new AppError("BAD_REQUEST", `Unknown relationship '${name}'`, [
        badPointer(`Unknown relationship '${name}' of ${def.type}`, `/data/relationships/${name}`),
      ]);
    if (rel.readOnly)
      throw new AppError("BAD_REQUEST", `'${name}' cannot be written here`, [
        badPointer(`'${name}' is written through ${rel.type}`, `/data/relationships/${name}`),
      ]);
    if (rel.cardinality === "many") {
      const ids = parseLinkage(name, rel.type, value.data, "many", issues);
      if (ids) toMany[name] = ids;
      continue;
    }
    const ids = parseLinkage(name, rel.type, value.data, "one", issues);
    if (ids) relationships[name] = ids[0] ?? null;
  }
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (!rel.required || provided.includes(name)) continue;
    // A create must name it; an update may leave it out but not clear it.
    const missing =
      mode === "create"
        ? relationships[name] == null
        : Object.hasOwn(relationships, name) && relationships[name] === null;
    if (missing) issues.push({ field: name, message: "must exist", location: "relationships" });
  }
  if (issues.length) throw AppError.invalid(asSent(issues, sentAs));
  return { attributes: parsed.data ?? {}, relationships, toMany };
};

type TLinkageData = TResourceIdentifier | TResourceIdentifier[] | null;

/**
 * Ids of a relationship's linkage: a to-one takes one identifier or null ([] for null), a
 * to-many an array. A wrong shape is 400, a wrong type 409 (JSON:API), a bad id 422.
 */
export const parseLinkage = (
  name: string,
  type: string,
  data: TLinkageData,
  cardinality: "one" | "many",
  issues: TFieldIssue[],
): number[] | undefined => {
  if (cardinality === "one" && Array.isArray(data))
    throw AppError.badRequest(`Relationship '${name}' takes one resource identifier or null`);
  if (cardinality === "many" && !Array.isArray(data))
    throw AppError.badRequest(`Relationship '${name}' takes an array of resource identifiers`);
  const list = data === null ? [] : Array.isArray(data) ? data : [data];
  if (list.length > 1000) throw AppError.badRequest(`Relationship '${name}' takes at most 1000 identifiers`);
  const ids: number[] = [];
  for (const item of list) {
    if (item.type !== type) throw AppError.conflict(`Relationship '${name}' must be of type '${type}'`);
    const id = idOf(item.id);
    if (id === undefined) {
      issues.push({ field: name, message: "is not a valid id", location: "relationships" });
      return undefined;
    }
    ids.push(id);
  }
  return [...new Set(ids)];
};

const rawAttributes = (body: unknown): Record<string, unknown> | undefined => {
  const data = (body as { data?: unknown }).data;
  const attributes =
    typeof data === "object" && data !== null ? (data as { attributes?: unknown }).attributes : undefined;
  return typeof attributes === "object" && attributes !== null && !Array.isArray(attributes)
    ? (attributes as Record<string, unknown>)
    : undefined;
};

const badPointer = (detail: string, pointer: string) => ({
  status: "400",
  title: "Bad Request",
  detail,
  source: { pointer },
});

export const parseId = (raw: string | undefined): number => {
  const id = raw === undefined ? undefined : idOf(raw);
  if (id === undefined) throw AppError.notFound();
  return id;
};
