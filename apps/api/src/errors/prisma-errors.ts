import { AppError } from "./app-error.js";

/**
 * Maps database constraint failures to client errors. Services check what they can first;
 * this is the net for races (two creates of the same title at once).
 */
interface TPrismaKnownError {
  code: string;
  meta?: Record<string, unknown>;
}

const isPrismaKnown = (e: unknown): e is TPrismaKnownError =>
  typeof e === "object" &&
  e !== null &&
  typeof (e as { code?: unknown }).code === "string" &&
  /^P\d{4}$/.test((e as { code: string }).code);

interface TAdapterCause {
  constraint?: { fields?: unknown; index?: unknown };
  table?: unknown;
}

/**
 * The columns of a violated unique constraint. Through a driver adapter Prisma reports the
 * index name (`vendor_types_title_key`), from which Prisma's naming gives back the column.
 */
const fieldsOf = (meta: Record<string, unknown> | undefined): string[] => {
  if (Array.isArray(meta?.target)) return meta.target.map((t) => snake(String(t)));
  const cause = (meta?.driverAdapterError as { cause?: TAdapterCause } | undefined)?.cause;
  const fields = cause?.constraint?.fields;
  if (Array.isArray(fields)) return fields.map((f) => snake(String(f)));
  const index = cause?.constraint?.index;
  if (
    typeof index === "string" &&
    typeof cause?.table === "string" &&
    index.startsWith(`${cause.table}_`) &&
    index.endsWith("_key")
  ) {
    return [index.slice(cause.table.length + 1, -"_key".length)];
  }
  return [];
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/"/g, "");

export const fromPrismaError = (err: unknown): AppError | undefined => {
  if (!isPrismaKnown(err)) return undefined;
  switch (err.code) {
    case "P2002": {
      const fields = fieldsOf(err.meta);
      return fields.length
        ? AppError.invalid(fields.map((field) => ({ field, message: "has already been taken" })))
        : AppError.conflict("A record with these values already exists.");
    }
    case "P2003":
      return AppError.conflict("The record is referenced by other records or refers to a missing one.");
    case "P2025":
      return AppError.notFound();
    default:
      return undefined;
  }
};
