/**
 * Numbers and money as every screen shows them (issue 22 point 18): comma thousands
 * separators, a point before decimals, the currency's code before the amount ("USD 5,500").
 * One place, so a wage reads the same on the seafarer, the planner, the wage scale and the
 * activity feed.
 */
const formats = new Map<number, Intl.NumberFormat>();
const formatOf = (decimals: number): Intl.NumberFormat => {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(decimals, format);
  }
  return format;
};

/** A number or a numeric string; null for anything else (blank, text, NaN). */
export const numberOf = (value: unknown): number | null => {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : null;
};

/** "12,345" (or "12,345.60" with decimals); '' for what is not a number. */
export const formatNumber = (value: unknown, decimals = 0): string => {
  const n = numberOf(value);
  return n === null ? "" : formatOf(decimals).format(n);
};

/** The thousands separator the inputs of amounts use (NumberInput's thousandSeparator). */
export const THOUSANDS_SEPARATOR = ",";

/**
 * "USD 5,500": the currency before the amount, whole units unless decimals are asked for; the
 * amount alone when the currency is not known. '' for what is not a number.
 */
export const formatMoney = (value: unknown, currency?: string | null, decimals = 0): string => {
  const amount = formatNumber(value, decimals);
  if (!amount) return "";
  return currency ? `${currency} ${amount}` : amount;
};
