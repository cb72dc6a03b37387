/**
 * Reading the relations a binding's `include` loads into a row. The engine hands hooks rows as
 * plain records; these guards read a nested value by its path without casts, and answer null
 * when a relation is absent (a vacancy has no seafarer).
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

export const at = (value: unknown, ...path: string[]): unknown => {
  let current = value;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
};

export const textAt = (value: unknown, ...path: string[]): string | null => {
  const found = at(value, ...path);
  return typeof found === "string" ? found : null;
};

export const numberAt = (value: unknown, ...path: string[]): number | null => {
  const found = at(value, ...path);
  return typeof found === "number" ? found : null;
};

export const dateAt = (value: unknown, ...path: string[]): Date | null => {
  const found = at(value, ...path);
  return found instanceof Date ? found : null;
};

/** ISO day of a date column ("2027-03-01"): the shared helper, re-exported for the row readers here. */
export { isoDay } from "@crew/contracts";

/** A day as people here write it ("01.03.2027"), for messages. */
export { formatDay as dmyDay } from "@crew/contracts";
