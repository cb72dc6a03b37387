import pg from "pg";
import { sqlFields, sqlTable } from "./sql-where.js";

/**
 * pg's rows as Prisma returns them, for the kernel's own reads (kernel/sql-read-repository.ts). The
 * columns are selected under their field names, in the model's field order (Prisma's key
 * order); the values are decoded by type parsers of these queries alone, so nothing depends
 * on the process's time zone nor changes pg's parsing for anyone else:
 *
 * - DateTime columns are `timestamp(3)` without a zone holding UTC: read as UTC (pg's own
 *   parser would read them in the process's zone); `@db.Date` likewise at midnight UTC.
 * - BigInt (int8) as bigint, not pg's text.
 * - Int, Boolean, String, String[] and Int[] lists, Json (parsed), NULL: pg's parsers already
 *   give what Prisma gives.
 */

const TIMESTAMP = 1114;
const DATE = 1082;
const INT8 = 20;

const utcTimestamp = (text: string): Date => new Date(`${text.replace(" ", "T")}Z`);
const utcDate = (text: string): Date => new Date(`${text}T00:00:00.000Z`);

const parsers: Record<number, (text: string) => unknown> = {
  [TIMESTAMP]: utcTimestamp,
  [DATE]: utcDate,
  [INT8]: (text) => BigInt(text),
};

const fallback = (oid: number): ((text: string) => unknown) => {
  // pg-types declares its parsers as returning any.
  const parse = pg.types.getTypeParser(oid, "text") as (text: string) => unknown;
  return parse;
};

/** The `types` of a pg query whose rows go out as Prisma rows (text format: pg's default). */
export const prismaTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number) => parsers[oid] ?? fallback(oid)) as pg.CustomTypesConfig["getTypeParser"],
};

/** Field types these decoders give exactly as Prisma does. */
const DECODED = new Set(["Int", "String", "Boolean", "DateTime", "Json", "BigInt"]);

const selects = new Map<string, string | null>();

/**
 * The select list of a model's scalar columns (or of `only` of them, in the model's order),
 * each under its field name; null when a column's type is not one decoded here (the caller
 * then asks Prisma).
 */
export const selectList = (model: string, only?: readonly string[]): string | null => {
  const key = only ? `${model}:${only.join(",")}` : model;
  const cached = selects.get(key);
  if (cached !== undefined) return cached;
  const fields = sqlFields(model);
  const table = sqlTable(model);
  let list: string | null = null;
  if (fields && table) {
    const wanted = only ? new Set(only) : null;
    const cols: string[] = [];
    let ok = true;
    for (const [name, f] of Object.entries(fields)) {
      if (wanted && !wanted.has(name)) continue;
      // Lists of times or of int8 would need array parsers of their own; no model has them.
      if (
        f.kind !== "scalar" ||
        !DECODED.has(f.type) ||
        (f.isList && f.type !== "String" && f.type !== "Int")
      )
        ok = false;
      cols.push(`${table}."${f.column}"${f.column === name ? "" : ` AS "${name}"`}`);
    }
    if (wanted && cols.length !== wanted.size) ok = false;
    list = ok && cols.length ? cols.join(", ") : null;
  }
  if (selects.size < 10_000) selects.set(key, list);
  return list;
};
