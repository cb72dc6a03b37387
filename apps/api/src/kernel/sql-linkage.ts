import type { TSqlPool } from "../db/client.js";
import type { TRelationMap } from "./relations.js";
import { statementOf } from "./sql-read-repository.js";
import { intColumnOf, tableOf } from "./sql-table.js";

type TStoredMap = Extract<TRelationMap, { kind: "through" | "inverse" }>;

/**
 * The linkage of a join-table or children relationship through the pg pool: one statement per
 * relationship, compiled once, the record ids as one array parameter (a vessels page asks for
 * 10,000 scale rows of 500 vessels; through Prisma that read cost more CPU than the query).
 * Same rows and order as the Prisma read it replaces (resource-repository `linkage`).
 */
const compiled = new WeakMap<TStoredMap, string | null>();

const compile = (map: TStoredMap): string | null => {
  const [from, to] = map.kind === "through" ? [map.from, map.to] : [map.fk, "id"];
  const table = tableOf(map.model);
  const fromColumn = intColumnOf(map.model, from);
  const toColumn = intColumnOf(map.model, to);
  const id = intColumnOf(map.model, "id");
  if (!table || !fromColumn || !toColumn || !id) return null;
  return `SELECT ${fromColumn}, ${toColumn} FROM ${table} WHERE ${fromColumn} = ANY($1::int[]) ORDER BY ${id}`;
};

/** Related ids per record id, or null when the relationship's storage is not one this compiles (then Prisma reads it). */
export const sqlLinkage = async (
  sql: TSqlPool,
  map: TStoredMap,
  ids: readonly number[],
): Promise<Map<number, number[]> | null> => {
  let text = compiled.get(map);
  if (text === undefined) {
    text = compile(map);
    compiled.set(map, text);
  }
  if (text === null) return null;
  const { rows } = await sql.pool.query<[number | null, number | null]>({
    ...statementOf(sql, text, [ids]),
    rowMode: "array",
  });
  const out = new Map<number, number[]>();
  for (const [owner, related] of rows) {
    if (owner === null || related === null) continue;
    const list = out.get(owner);
    if (list) list.push(related);
    else out.set(owner, [related]);
  }
  return out;
};
