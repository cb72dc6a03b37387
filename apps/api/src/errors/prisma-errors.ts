import { AppError } from "./app-error.js";

/**
 * Maps database constraint failures to client errors. Services check what they can first;
 * this is the net for races (two creates of the same title at once).
 */
interface TPrismaKnownError { code: string; meta?: Record<string, unknown> }

const isPrismaKnown = (e: unknown): e is TPrismaKnownError =>
  typeof e === "object" && e !== null && typeof (e as { code?: unknown }).code === "string" &&
  /^P\d{4}$/.test((e as { code: string }).code);

const fieldsOf = (meta: Record<string, unknown> | undefined): string[] => {
  const target = meta?.target ?? (meta?.driverAdapterError as { cause?: { constraint?: { fields?: unknown } } } | undefined)?.cause?.constraint?.fields;
  if (Array.isArray(target)) return target.map((t) => snake(String(t)));
  if (typeof target === "string") return [snake(target)];
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
