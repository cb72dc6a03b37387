/**
 * The date helpers of server and client (spec 000 section 9: people read and type dd.MM.yyyy
 * and dd.MM.yyyy HH:mm; values travel as ISO strings). Two kinds of value, two readings:
 * a calendar day (a date column: birthday, readiness, sign-on) is the same day everywhere, so
 * it is read from its ISO text or in UTC and never shifted by a time zone; an instant (created
 * at, a notification's time) is shown in the reader's own time zone.
 */

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The ISO calendar day ("2027-03-01") of a Date, read in UTC. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Today's calendar day as a Date at UTC midnight (how date columns are stored). */
export const utcToday = (now: Date = new Date()): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * dd.MM.yyyy of a calendar day: an ISO day, or an ISO date-time cut at 'T' (no time-zone
 * shift), or a Date read in UTC; "" for no value.
 */
export const formatDay = (value: string | Date | null | undefined): string => {
  if (value === null || value === undefined || value === "") return "";
  if (value instanceof Date)
    return `${pad(value.getUTCDate())}.${pad(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
  return value.split("T")[0]?.split("-").reverse().join(".") ?? "";
};

/** A typed dd.MM.yyyy (exactly so, a real day) as its ISO day; null when it is not one. */
export const parseDay = (text: string): string | null => {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, dd = "", mm = "", yyyy = ""] = m;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  date.setUTCFullYear(Number(yyyy));
  return date.getUTCMonth() === Number(mm) - 1 && date.getUTCDate() === Number(dd)
    ? `${yyyy}-${mm}-${dd}`
    : null;
};

type TDateInput = string | number | Date | null | undefined;

/** A value as a local Date: an ISO day is local midnight of that day, anything else is read as an instant. */
const localDate = (value: TDateInput): Date | null => {
  if (value === null || value === undefined || value === "") return null;
  const day = typeof value === "string" ? ISO_DAY.exec(value) : null;
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const localDayText = (d: Date): string =>
  `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${pad(d.getFullYear(), 4)}`;

/** dd.MM.yyyy in the reader's time zone (an ISO day stays that day); "" for missing or broken values. */
export const formatDate = (value: TDateInput): string => {
  const d = localDate(value);
  return d ? localDayText(d) : "";
};

/** dd.MM.yyyy HH:mm in the reader's time zone; "" for missing or broken values. */
export const formatDateTime = (value: TDateInput): string => {
  const d = localDate(value);
  return d ? `${localDayText(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : "";
};
