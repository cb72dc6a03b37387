import type { RequestHandler } from "express";
import { AppError } from "../errors/app-error.js";

/** Deeper than any document the API reads; a deeper one is an attack on the parser or the stack. */
export const MAX_DEPTH = 16;

/**
 * Checks every query value and JSON body before any route sees them: a NUL character is a
 * 400 (PostgreSQL text cannot hold it, and no honest client sends one), and so is nesting
 * deeper than MAX_DEPTH. Iterative, so a hostile depth cannot exhaust the stack here.
 */
const problemOf = (root: unknown): string | undefined => {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "must not contain NUL characters";
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_DEPTH) return `is nested too deeply (more than ${MAX_DEPTH} levels)`;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes("\u0000")) return "must not contain NUL characters";
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
};

export const inputGuard: RequestHandler = (req, _res, next) => {
  // Express 5 parses the query string at every read of req.query: parse it once, keep the result.
  const query = req.query;
  Object.defineProperty(req, "query", { value: query, configurable: true, enumerable: true });
  const inQuery = problemOf(query);
  if (inQuery) return next(AppError.badRequest(`The query ${inQuery}.`));
  const inBody = problemOf(req.body);
  if (inBody) return next(AppError.badRequest(`The body ${inBody}.`));
  next();
};
