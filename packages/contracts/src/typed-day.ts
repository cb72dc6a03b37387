/**
 * Reading a day as people type it into a date field (issue 22 point 10). The field shows and
 * asks for dd.mm.yyyy (spec 000 section 9), but office staff also type "4.5.1990", the ISO
 * "1990-05-04" pasted from a mail, or the digits alone "04051990"; each means one day. A text
 * that is none of these, or names a day that does not exist ("31.02.1990"), is said to be
 * "not a date" instead of being dropped.
 */

/** What a field's text means: no value, one calendar day (ISO), or a sentence why it is not a date. */
export type TTypedDay =
  { kind: "empty" } | { kind: "day"; iso: string } | { kind: "invalid"; message: string };

/** Bounds a date attribute's validation holds (ZDateIn); the picker refuses what it refuses. */
export interface TDateBounds {
  minYear: number;
  maxYear: number;
  /** Not after today (a birthday). */
  notFuture?: boolean;
}

const pad = (n: number): string => String(n).padStart(2, "0");

/** Day first with dots, slashes, dashes or spaces: 4.5.1990, 04/05/1990, 4-5-1990. */
const DAY_FIRST = /^(\d{1,2})[./\- ](\d{1,2})[./\- ](\d{4})$/;
/** ISO order: 1990-05-04 (also 1990-5-4). */
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** The digits alone, ddmmyyyy: 04051990. */
const DIGITS = /^(\d{2})(\d{2})(\d{4})$/;

/** The ISO day of year-month-day when that day exists (no 31 February, no month 13). */
const existingDay = (year: number, month: number, day: number): string | null => {
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
};

export const readTypedDay = (text: string): TTypedDay => {
  const typed = text.trim();
  if (typed === "") return { kind: "empty" };
  const dayFirst = DAY_FIRST.exec(typed) ?? DIGITS.exec(typed);
  const yearFirst = dayFirst ? null : YEAR_FIRST.exec(typed);
  const parts = dayFirst
    ? { day: Number(dayFirst[1]), month: Number(dayFirst[2]), year: Number(dayFirst[3]) }
    : yearFirst
      ? { day: Number(yearFirst[3]), month: Number(yearFirst[2]), year: Number(yearFirst[1]) }
      : null;
  if (!parts) return { kind: "invalid", message: `"${typed}" is not a date: type it as dd.mm.yyyy` };
  const iso = existingDay(parts.year, parts.month, parts.day);
  return iso
    ? { kind: "day", iso }
    : { kind: "invalid", message: `"${typed}" is not a date: there is no such day` };
};

/** Today's ISO day in UTC (how date columns and the server's "not in the future" read it). */
const todayIso = (now: Date): string => now.toISOString().slice(0, 10);

/** The earliest and latest ISO day the bounds allow. */
export const boundsRange = (bounds: TDateBounds, now: Date = new Date()): { min: string; max: string } => {
  const lastOfYear = `${bounds.maxYear}-12-31`;
  const today = todayIso(now);
  return { min: `${bounds.minYear}-01-01`, max: bounds.notFuture && today < lastOfYear ? today : lastOfYear };
};

/** Why a day breaks the bounds, in the server's own words (ZDateIn), or null when it keeps them. */
export const outOfBounds = (iso: string, bounds: TDateBounds, now: Date = new Date()): string | null => {
  const year = Number(iso.slice(0, 4));
  if (bounds.notFuture && iso > todayIso(now)) return "can't be in the future";
  if (year < bounds.minYear) return `must be in ${bounds.minYear} or later`;
  if (year > bounds.maxYear) return `must be in ${bounds.maxYear} or earlier`;
  return null;
};
