import { z } from "zod";
import type { TAttributeDef } from "../resource.js";

/**
 * Reusable attribute definitions; the bounds are ours (the spec leaves them open). They keep
 * their literal types (`satisfies`, not an annotation) so record types inferred from a
 * definition (the client's TRecordOf) know a title is a string.
 */
export const title = (label = "Title") =>
  ({
    label,
    kind: "text",
    input: z.string().trim().min(1, "can't be blank").max(255, "is too long (maximum is 255 characters)"),
    required: true,
    list: true,
    sortable: true,
  }) as const satisfies TAttributeDef;

export const createdAt = {
  label: "Created",
  kind: "datetime",
  list: true,
  sortable: true,
} as const satisfies TAttributeDef;
export const updatedAt = {
  label: "Updated",
  kind: "datetime",
  sortable: true,
} as const satisfies TAttributeDef;
/** The two stamps every stored resource ends its attributes with. */
export const timestamps = { created_at: createdAt, updated_at: updatedAt } as const;

export const titleFilter = (label = "Title") => ({
  label,
  kind: "text" as const,
  input: z.string().max(255),
});

/** "2026-11-22" (or an ISO date-time, or a Date, cut at 'T') as a Date at UTC midnight; null when no such day. */
export const calendarDayOf = (v: string | Date): Date | null => {
  const text = v instanceof Date ? v.toISOString() : v.trim();
  const day = text.split("T")[0] ?? "";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  return m && date && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3])
    ? date
    : null;
};

/**
 * A calendar date: "2026-11-22" or an ISO date-time cut at 'T' (spec 002: dates in the planner
 * cut at 'T'), as a Date at UTC midnight; real and from 1950 to 2100.
 */
export const ZDateOnly = z.union([z.string(), z.date()]).transform((v, ctx) => {
  const date = calendarDayOf(v);
  if (!date) {
    ctx.addIssue({ code: "custom", message: "is not a valid date" });
    return z.NEVER;
  }
  if (date.getUTCFullYear() < 1950 || date.getUTCFullYear() > 2100) {
    ctx.addIssue({ code: "custom", message: "is out of range" });
    return z.NEVER;
  }
  return date;
});
