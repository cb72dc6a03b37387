import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { JSONAPI_MEDIA_TYPE } from "@crew/contracts";
import { AppError } from "./app-error.js";
import { fromDatabaseUnavailable } from "./database-unavailable.js";
import { fromPrismaError } from "./prisma-errors.js";

/** Unknown /api paths: a JSON:API 404 rather than the SPA's index. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(AppError.notFound(`No route for ${req.method} ${req.originalUrl.split("?")[0]}`));
};

/** The one error middleware: every failure leaves as JSON:API errors[]; only real faults are 500. */
export const errorMiddleware =
  (logger: Logger): ErrorRequestHandler =>
  (err: unknown, req, res, _next) => {
    const appError = toAppError(err);
    if (appError.status >= 500) logger.error({ err, reqId: req.id }, "request failed");
    if (res.headersSent) return;
    // A 503 is a moment's refusal (the database busy or away, Redis away): say when to retry.
    if (appError.status === 503 && !res.getHeader("retry-after")) res.setHeader("Retry-After", "2");
    res.status(appError.status).type(JSONAPI_MEDIA_TYPE).json({ errors: appError.errors });
  };

const toAppError = (err: unknown): AppError => {
  if (err instanceof AppError) return err;
  const unavailable = fromDatabaseUnavailable(err);
  if (unavailable) return unavailable;
  const fromPrisma = fromPrismaError(err);
  if (fromPrisma) return fromPrisma;
  if (isHttpError(err)) {
    // body-parser: malformed JSON, too large, wrong charset.
    if (err.type === "entity.parse.failed") return AppError.badRequest("The request body is not valid JSON.");
    if (err.status === 413) return new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
    if (err.status >= 400 && err.status < 500) return AppError.badRequest(err.message);
  }
  return new AppError("INTERNAL", "Something went wrong on our side.");
};

interface THttpError {
  status: number;
  type?: string;
  message: string;
}
const isHttpError = (e: unknown): e is THttpError =>
  typeof e === "object" && e !== null && typeof (e as { status?: unknown }).status === "number";
