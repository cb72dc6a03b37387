import { createHash } from "node:crypto";
import type { TSqlPool } from "../db/client.js";
import { prismaModels } from "../generated/relations.js";
import type { TModel } from "./model-types.js";

/**
 * Table and column names of a model for the SQL the kernel writes itself, from what
 * `prisma generate` wrote (generated/relations.ts `prismaModels`): the same names Prisma's
 * own queries use, quoted, the table with its schema ("public" when the schema names none,
 * as auth/session-repository.ts does) so a session's search_path cannot redirect it.
 */
interface TField {
  column: string;
  type: string;
  kind: string;
  isList: boolean;
}
interface TModelInfo {
  table: string;
  schema: string | null;
  fields: Record<string, TField>;
}
const models: Record<string, TModelInfo | undefined> = prismaModels;

export const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export const tableOf = (model: TModel): string | null => {
  const info = models[model];
  return info ? `${quoteName(info.schema ?? "public")}.${quoteName(info.table)}` : null;
};

/** The quoted column of a field that holds one integer (an id or a foreign key), else null. */
export const intColumnOf = (model: TModel, field: string): string | null => {
  const f = models[model]?.fields[field];
  return f && f.kind === "scalar" && f.type === "Int" && !f.isList ? quoteName(f.column) : null;
};

/**
 * A query config for pg: named (prepared once per connection, planned once) on PostgreSQL,
 * unnamed on the embedded PGlite (its one session outlives pg's per-connection statement
 * cache: db/client.ts). The name is a hash of the text, so one text has one name.
 */
const names = new Map<string, string>();
export const statementOf = (
  sql: TSqlPool,
  text: string,
  values: unknown[],
): { name?: string; text: string; values: unknown[] } => {
  if (sql.embedded) return { text, values };
  let name = names.get(text);
  if (name === undefined) {
    name = `k_${createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
    // The texts are a bounded set (one per relationship or scope shape); the cap only guards memory.
    if (names.size < 20_000) names.set(text, name);
  }
  return { name, text, values };
};
