import type { TResourceDef } from "./resource.js";

/** A date as milliseconds: a Date, or an ISO date text (a form's value); undefined when empty or unreadable. */
const timeOf = (value: unknown): number | undefined => {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== "string" || value === "") return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
};

/**
 * The declared rules (definition `rules`) a record breaks, as `{field, message}`: one checker
 * for the server (over the row as the write leaves it) and the client form (over its values).
 * `valueOf` reads an attribute by its wire name.
 */
export const brokenRules = (
  def: Pick<TResourceDef, "rules">,
  valueOf: (name: string) => unknown,
): { field: string; message: string }[] =>
  (def.rules ?? []).flatMap((rule) => {
    const [value, than] = [timeOf(valueOf(rule.field)), timeOf(valueOf(rule.than))];
    return value !== undefined && than !== undefined && value < than
      ? [{ field: rule.field, message: rule.message }]
      : [];
  });
