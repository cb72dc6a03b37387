import type { TResourceDef, TResourceIdentifier } from "@crew/contracts";
import { AppError, type TFieldIssue } from "../errors/app-error.js";
import { idOf } from "./ids.js";

/**
 * The spellings the spec's clients write that a definition names differently: foreign keys sent
 * as attributes (`crewing_applicant_id` for the relationship `user`, a relationship's
 * `attribute`) and attributes under another name (`docType` for `doc_type`, an attribute's
 * `alias`). A write body is rewritten to the definition's own names before it is read, so every
 * resource takes them the same way and nothing after this sees the other spelling.
 */

type TLinkage = { data: TResourceIdentifier | TResourceIdentifier[] | null };

type TAliasOf =
  | { kind: "relationship"; name: string; type: string; readOnly: boolean }
  | { kind: "attribute"; name: string };

const cache = new WeakMap<TResourceDef, ReadonlyMap<string, TAliasOf>>();

/** A definition's write spellings, by the name a client sends. */
export const aliasesOf = (def: TResourceDef): ReadonlyMap<string, TAliasOf> => {
  const known = cache.get(def);
  if (known) return known;
  const map = new Map<string, TAliasOf>();
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (rel.attribute && rel.cardinality === "one")
      map.set(rel.attribute, { kind: "relationship", name, type: rel.type, readOnly: rel.readOnly === true });
  }
  for (const [name, attr] of Object.entries(def.attributes))
    if (attr.alias) map.set(attr.alias, { kind: "attribute", name });
  cache.set(def, map);
  return map;
};

/** An own property, whatever its name (`__proto__` included), on a plain copy. */
const put = (target: Record<string, unknown>, name: string, value: unknown): void => {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
};

/** A foreign key's value as a client may send it: an id (number or digits) or null ("" clears too). */
const linkageOf = (value: unknown, type: string): TLinkage | undefined => {
  if (value === null || value === "") return { data: null };
  const id =
    typeof value === "number"
      ? idOf(String(value))
      : typeof value === "string"
        ? idOf(value.trim())
        : undefined;
  return id === undefined ? undefined : { data: { type, id: String(id) } };
};

const sameLinkage = (a: TLinkage, b: TLinkage): boolean => {
  const one = (d: TLinkage["data"]): string | null =>
    d === null ? null : Array.isArray(d) ? "many" : `${d.type}:${d.id}`;
  return one(a.data) === one(b.data);
};

/**
 * The attributes and relationships of a write with every alias turned into the definition's
 * name. A read-only relationship's spelling (`author_id`: the author is always the signed-in
 * client) is accepted and dropped. A value that names no record is a 422 on the alias; both
 * spellings with different values are a 422 pointing at the alias.
 */
export const resolveAliases = (
  def: TResourceDef,
  attributes: Readonly<Record<string, unknown>>,
  relationships: Readonly<Record<string, TLinkage>>,
): {
  attributes: Record<string, unknown>;
  relationships: Record<string, TLinkage>;
  sentAs: ReadonlyMap<string, string>;
} => {
  const aliases = aliasesOf(def);
  const names = Object.keys(attributes);
  const sentAs = new Map<string, string>();
  if (!aliases.size || !names.some((n) => aliases.has(n)))
    return { attributes: { ...attributes }, relationships: { ...relationships }, sentAs };
  const outAttributes: Record<string, unknown> = {};
  const outRelationships: Record<string, TLinkage> = {};
  for (const [name, value] of Object.entries(relationships)) put(outRelationships, name, value);
  for (const name of names) if (!aliases.has(name)) put(outAttributes, name, attributes[name]);
  const issues: TFieldIssue[] = [];
  for (const name of names) {
    const alias = aliases.get(name);
    if (!alias) continue;
    const value = attributes[name];
    if (alias.kind === "attribute") {
      if (
        Object.hasOwn(outAttributes, alias.name) &&
        JSON.stringify(outAttributes[alias.name]) !== JSON.stringify(value)
      ) {
        issues.push({ field: name, message: `differs from ${alias.name}: send one of them` });
        continue;
      }
      put(outAttributes, alias.name, value);
      sentAs.set(alias.name, name);
      continue;
    }
    const linkage = linkageOf(value, alias.type);
    if (!linkage) {
      issues.push({ field: name, message: "is not a valid id" });
      continue;
    }
    if (alias.readOnly) continue;
    const given = Object.hasOwn(outRelationships, alias.name) ? outRelationships[alias.name] : undefined;
    if (given && !sameLinkage(given, linkage)) {
      issues.push({ field: name, message: `differs from the relationship ${alias.name}: send one of them` });
      continue;
    }
    put(outRelationships, alias.name, linkage);
    sentAs.set(alias.name, name);
  }
  if (issues.length) throw AppError.invalid(issues);
  return { attributes: outAttributes, relationships: outRelationships, sentAs };
};

/** Field problems pointed at the spelling the client sent (spec 001 §5 shows them on that field). */
export const asSent = (issues: readonly TFieldIssue[], sentAs: ReadonlyMap<string, string>): TFieldIssue[] =>
  issues.map((issue) => {
    const alias = sentAs.get(issue.field);
    return alias ? { field: alias, message: issue.message, location: "attributes" } : issue;
  });
