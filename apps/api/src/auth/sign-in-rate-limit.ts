import { ipKeyGenerator, MemoryStore, rateLimit } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import type { RequestHandler } from "express";
import type { TDeps } from "../deps.js";
import { AppError } from "../errors/app-error.js";
import { FallbackStore } from "./fallback-store.js";
import { attributesOf } from "./request-body.js";

const WINDOW_MS = 15 * 60 * 1000;

const emailOf = (body: unknown): string => {
  const attrs = attributesOf(body);
  const email =
    typeof attrs === "object" && attrs !== null ? (attrs as { email?: unknown }).email : undefined;
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 255) : "";
};

/**
 * Failed sign-ins per IP and email: SIGN_IN_RATE_LIMIT per 15 minutes. Keying by both stops
 * password guessing on one account without one office's shared IP locking everyone out.
 * Successful attempts do not count. Counts live in Redis when there is one, so every API
 * replica sees the same numbers; in memory otherwise (single process), and in memory while
 * Redis is away (FallbackStore).
 */
export const signInRateLimit = (
  deps: Pick<TDeps, "config" | "redis"> & { logger?: TDeps["logger"] },
  prefix = "sign_in",
): RequestHandler => {
  const redis = deps.redis;
  const logger = deps.logger;
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: deps.config.SIGN_IN_RATE_LIMIT,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    // Both stores failing (not expected): sign-in goes on rather than failing.
    passOnStoreError: true,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? "")}|${emailOf(req.body)}`,
    ...(redis
      ? {
          store: new FallbackStore(
            new RedisStore({
              prefix: `crew:rl:${prefix}:`,
              sendCommand: (command: string, ...args: string[]) =>
                redis.call(command, ...args) as Promise<RedisReply>,
            }),
            new MemoryStore(),
            (failing, error) => {
              if (failing)
                logger?.warn(
                  { err: error },
                  `sign-in limit (${prefix}): Redis unavailable, counting in this process`,
                );
              else logger?.info(`sign-in limit (${prefix}): counting in Redis again`);
            },
          ),
        }
      : {}),
    handler: (_req, _res, next, options) => {
      const minutes = Math.ceil(options.windowMs / 60_000);
      next(
        new AppError(
          "TOO_MANY_REQUESTS",
          `Too many sign-in attempts. Please try again in ${minutes} minutes.`,
        ),
      );
    },
  });
};
