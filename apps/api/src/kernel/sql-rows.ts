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

/** Date's own parser, for the forms the fast path leaves (BC dates, `infinity`, years before 1000 or after 9999). */
const parsedUtc = (text: string): Date => new Date(`${text.replace(" ", "T")}Z`);

/** The number written by `length` ASCII digits of `text` from `at`; NaN if any is not a digit. */
const digits = (text: string, at: number, length: number): number => {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
};

/**
 * `YYYY-MM-DD HH:MM:SS[.f...]` read as UTC by its digits: a vessels page decodes 20,000 of
 * them, and building an ISO string for Date's parser took 6 ms of its CPU. Milliseconds are
 * the first three fraction digits, as Date's parser takes them. Any other form, or a year
 * Date.UTC would read as 19xx, goes to Date's parser.
 */
export const utcTimestamp = (text: string): Date => {
  const length = text.length;
  if (
    length < 19 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58 ||
    (length > 19 && (length === 20 || text.charCodeAt(19) !== 46))
  )
    return parsedUtc(text);
  const year = digits(text, 0, 4);
  let ms = 0;
  for (let i = 20; i < 23; i++) ms = ms * 10 + (i < length ? digits(text, i, 1) : 0);
  if (length > 23 && Number.isNaN(digits(text, 23, length - 23))) return parsedUtc(text);
  const time = Date.UTC(
    year,
    digits(text, 5, 2) - 1,
    digits(text, 8, 2),
    digits(text, 11, 2),
    digits(text, 14, 2),
    digits(text, 17, 2),
    ms,
  );
  return year >= 1000 && Number.isFinite(time) ? new Date(time) : parsedUtc(text);
};
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
