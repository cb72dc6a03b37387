import { formatDate } from "@crew/contracts";
import { formatNumber } from "../../lib/numbers";

/** "82,000 t" (deadweight). */
export const tonnes = (value: unknown): string =>
  typeof value === "number" ? `${formatNumber(value)} t` : "";

/** "10.01.2025 – 09.07.2025", or "since 10.01.2025" while on board. */
export const periodText = (dateOn: unknown, dateOff: unknown): string => {
  const on = typeof dateOn === "string" ? formatDate(dateOn) : "";
  if (!on) return "";
  const off = typeof dateOff === "string" ? formatDate(dateOff) : "";
  return off ? `${on} – ${off}` : `since ${on}`;
};

/** The second line of a vessel: IMO, type and deadweight, what is known of them. */
export const vesselLine = (imo: unknown, type: string, dwt: unknown): string =>
  [typeof imo === "string" && imo ? `IMO ${imo}` : "", type, tonnes(dwt)].filter(Boolean).join(" · ");

/** Mantine colour of a verification result or a document's validity. */
export const RESULT_COLOURS: Readonly<Record<string, string>> = {
  confirmed: "teal",
  not_confirmed: "red",
  pending: "yellow",
  valid: "teal",
  expiring: "orange",
  expired: "red",
  appraisal: "blue",
  promotion: "teal",
  commendation: "cyan",
  warning: "orange",
  not_recommended: "red",
};

/**
 * Whole days from today to a validity's end (negative once past), or null without a date: the
 * one computation behind "Expires in 57 days" and the badge's "Expiring · 57 d" (issue 22.19).
 */
export const daysLeft = (validUntil: unknown, today: Date = new Date()): number | null => {
  if (typeof validUntil !== "string") return null;
  const end = Date.parse(validUntil);
  if (Number.isNaN(end)) return null;
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((end - startOfToday) / 86_400_000);
};

/** "Expires in 45 days", "Expired 3 days ago", from a date and today. */
export const expiryText = (validUntil: unknown, today: Date = new Date()): string => {
  const days = daysLeft(validUntil, today);
  if (days === null) return "";
  if (days < 0) return `Expired ${-days} ${-days === 1 ? "day" : "days"} ago`;
  if (days === 0) return "Expires today";
  return `Expires in ${days} ${days === 1 ? "day" : "days"}`;
};
