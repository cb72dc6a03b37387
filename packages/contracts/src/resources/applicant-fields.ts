import { z } from "zod";
import { calendarDayOf } from "./fields.js";
import type { TDateBounds } from "../typed-day.js";

/**
 * Value rules of an applicant's fields (spec 001 leaves the bounds open; these are what a
 * recruiter expects, docs/applicants.md "Validation").
 */

const DAY_MS = 86_400_000;
const utcToday = (): Date => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

/** The bounds of each ZDateIn schema, so a date picker refuses what the validation refuses. */
const DATE_BOUNDS = new WeakMap<z.ZodType, TDateBounds>();

const withDateBounds = <T extends z.ZodType>(bounds: TDateBounds, schema: T): T => {
  DATE_BOUNDS.set(schema, bounds);
  return schema;
};

/** The bounds of an attribute's date validation (through `.nullable()` / `.optional()`), if it has any. */
export const dateBoundsOf = (schema: z.ZodType | undefined): TDateBounds | undefined => {
  if (!schema) return undefined;
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional)
    return dateBoundsOf(schema.unwrap() as z.ZodType);
  return DATE_BOUNDS.get(schema);
};

/** A calendar date ("1985-04-03" or an ISO date-time cut at 'T') from `minYear`, not after `max()` when given. */
export const ZDateIn = (minYear: number, maxYear: number, opts: { notFuture?: boolean } = {}) =>
  withDateBounds(
    { minYear, maxYear, notFuture: opts.notFuture },
    z.union([z.string(), z.date()]).transform((v, ctx) => {
      const date = calendarDayOf(v);
      if (!date) {
        ctx.addIssue({ code: "custom", message: "is not a valid date" });
        return z.NEVER;
      }
      if (opts.notFuture && date.getTime() > utcToday().getTime()) {
        ctx.addIssue({ code: "custom", message: "can't be in the future" });
        return z.NEVER;
      }
      if (date.getUTCFullYear() < minYear) {
        ctx.addIssue({ code: "custom", message: `must be in ${minYear} or later` });
        return z.NEVER;
      }
      if (date.getUTCFullYear() > maxYear) {
        ctx.addIssue({ code: "custom", message: `must be in ${maxYear} or earlier` });
        return z.NEVER;
      }
      return date;
    }),
  );

/** Names as written in the passport: letters, spaces, hyphens, apostrophes, dots. */
export const ZPersonName = z
  .string()
  .trim()
  .min(1, "can't be blank")
  .max(100, "is too long (maximum is 100 characters)")
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, "may hold letters, spaces, hyphens and apostrophes only");

export const ZOptionalName = z
  .string()
  .trim()
  .max(100, "is too long (maximum is 100 characters)")
  .regex(/^([\p{L}\p{M}][\p{L}\p{M} .'’-]*)?$/u, "may hold letters, spaces, hyphens and apostrophes only")
  .transform((v) => (v === "" ? null : v))
  .nullable();

export const ZApplicantEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, "is too long (maximum is 255 characters)")
  .refine((v) => v === "" || z.email().safeParse(v).success, "is not an email")
  .transform((v) => (v === "" ? null : v))
  .nullable();

/** A phone as people write it: digits with +, spaces, brackets, dots and hyphens; 7 to 15 digits (E.164). */
export const ZPhone = z
  .string()
  .trim()
  .max(30, "is too long (maximum is 30 characters)")
  .refine(
    (v) => v === "" || /^\+?[0-9][0-9 ().-]*$/.test(v),
    "may hold digits, spaces, brackets, dots, hyphens and a leading + only",
  )
  .refine((v) => {
    const digits = v.replace(/\D/g, "").length;
    return v === "" || (digits >= 7 && digits <= 15);
  }, "must have 7 to 15 digits")
  .transform((v) => (v === "" ? null : v))
  .nullable();

export const ZShortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `is too long (maximum is ${max} characters)`)
    .transform((v) => (v === "" ? null : v))
    .nullable();

/** External ids (UkrCrewing, Crewell, Telegram): digits only. */
export const ZExternalId = z
  .string()
  .trim()
  .max(20, "is too long (maximum is 20 digits)")
  .regex(/^[0-9]*$/, "may hold digits only")
  .transform((v) => (v === "" ? null : v))
  .nullable();

export const ZWage = z.coerce
  .number()
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(1_000_000, "is too large")
  .nullable();

export const ZRecordId = z.coerce
  .number()
  .int("must be a whole number")
  .positive("must be a record id")
  .max(2_147_483_647, "must be a record id");

// Query-string values of the list filters (already known not to be empty or "all").

/** "3" or "3,5,8": record ids. */
export const ZIdList = z.string().transform((v, ctx) => {
  const parts = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  if (
    !ids.length ||
    ids.length > 200 ||
    ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)
  ) {
    ctx.addIssue({ code: "custom", message: "must be a comma-separated list of ids" });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

/** "from,to" whole numbers, either side may be empty ("10000," is 10,000 or more). */
export const ZRange = (max: number) =>
  z.string().transform((v, ctx) => {
    const [a = "", b = "", ...rest] = v.split(",").map((s) => s.trim());
    const parse = (s: string): number | null | undefined => {
      if (s === "") return null;
      const n = Number(s);
      return Number.isInteger(n) && n >= 0 && n <= max ? n : undefined;
    };
    const from = parse(a);
    const to = parse(b);
    if (
      rest.length ||
      from === undefined ||
      to === undefined ||
      (from === null && to === null) ||
      (from !== null && to !== null && to < from)
    ) {
      ctx.addIssue({
        code: "custom",
        message: `must be from,to (whole numbers up to ${max}, to not below from; either may be left out)`,
      });
      return z.NEVER;
    }
    return { from, to };
  });

export const ZBooleanText = z.enum(["true", "false"]).transform((v) => v === "true");
