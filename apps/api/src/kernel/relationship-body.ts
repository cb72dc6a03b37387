import { relationshipOf, ZResourceIdentifier, type TResourceDef } from "@crew/contracts";
import { z } from "zod";
import { AppError, type TFieldIssue } from "../errors/app-error.js";
import { parseLinkage } from "./write-body.js";

const ZRelationshipBody = z.object({
  data: z.union([ZResourceIdentifier, z.array(ZResourceIdentifier), z.null()]),
});

/**
 * The type of `{data: {type, id: null}}`, which clears a to-one as `{data: null}` does: the
 * spec's clients unassign a vessel's coordinator so (`{id: null, type: 'clients'}`).
 */
const clearedType = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null || !("data" in body)) return undefined;
  const data: unknown = body.data;
  if (typeof data !== "object" || data === null || Array.isArray(data) || !("id" in data) || data.id !== null)
    return undefined;
  return "type" in data && typeof data.type === "string" ? data.type : undefined;
};

/** Ids of a relationship endpoint's body (JSON:API: `{data: identifier | [identifiers] | null}`). */
export const relationshipIds = (def: TResourceDef, name: string, body: unknown): number[] => {
  const rel = relationshipOf(def, name);
  if (!rel) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
  const cleared = rel.cardinality === "one" ? clearedType(body) : undefined;
  if (cleared !== undefined && cleared !== rel.type)
    throw AppError.conflict(`Relationship '${name}' must be of type '${rel.type}'`);
  const parsed = ZRelationshipBody.safeParse(cleared === undefined ? body : { data: null });
  if (!parsed.success)
    throw AppError.badRequest('The body must be {"data": a resource identifier, an array of them, or null}');
  const issues: TFieldIssue[] = [];
  const ids = parseLinkage(name, rel.type, parsed.data.data, rel.cardinality, issues);
  // A required to-one cannot be cleared (its column is NOT NULL).
  if (ids && rel.required && rel.cardinality === "one" && ids.length === 0)
    issues.push({ field: name, message: "must exist", location: "relationships" });
  if (issues.length || !ids) throw AppError.invalid(issues);
  return ids;
};

/**
 * The declared top-level members of a relationship write besides `data` (definition
 * `relationshipFlags`), validated; an undeclared one is 400 where the definition declares any.
 */
export const relationshipFlags = (def: TResourceDef, body: unknown): Record<string, unknown> => {
  const declared = def.relationshipFlags;
  const flags: Record<string, unknown> = {};
  if (!declared || typeof body !== "object" || body === null) return flags;
  for (const [key, value] of Object.entries(body)) {
    if (key === "data" || key === "meta") continue;
    const schema = Object.hasOwn(declared, key) ? declared[key] : undefined;
    if (!schema)
      throw AppError.badRequest(`Unknown member '${key}' of a ${def.type} relationship write`, key);
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw AppError.badRequest(`${key}: ${parsed.error.issues[0]?.message ?? "invalid value"}`, key);
    flags[key] = parsed.data;
  }
  return flags;
};
