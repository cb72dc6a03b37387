import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import type { TConfig } from "../config.js";

/**
 * Names whose values never reach a log line, wherever they sit in a logged object (one or
 * two levels down). Request and response headers are not logged at all (http/request-log.ts);
 * this is the net for objects a handler logs by hand.
 */
const SECRET_KEYS = [
  "password",
  "passwordHash",
  "password_hash",
  "current_password",
  "currentPassword",
  "token",
  "tokenHash",
  "accessToken",
  "access_token",
  '"access-token"',
  "client",
  "uid",
  "authorization",
  "cookie",
  "credential",
  "idToken",
  "id_token",
  "equasisPassword",
  "equasis_password",
  "botToken",
  "bot_token",
  "apiKey",
  "api_key",
  '"x-api-key"',
  "UKRCREWING_API_KEY",
  "CREWELL_API_KEY",
  "secret",
  "sessionSecret",
];
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => {
  const key = k.startsWith('"') ? `[${k}]` : `.${k}`;
  return [`*${key}`, `*.*${key}`];
});

/** Any error's message may quote values (a driver error quotes the failing row): only its type and stack frames go out. */
const errSerializer = (err: unknown): Record<string, unknown> => {
  if (!(err instanceof Error)) return { type: typeof err };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: scrub(err.message),
    ...(typeof code === "string" ? { code } : {}),
    stack: err.stack?.split("\n").slice(1, 12).join("\n"),
  };
};

/** Masks anything after a secret-looking key in free text (`password: x`, `"access-token":"y"`). */
export const scrub = (text: string): string =>
  text.replace(
    /(password|token|secret|credential|authorization|api[_-]?key)(["'\s]*[:=]\s*["']?)[^"'\s,}]+/gi,
    "$1$2[redacted]",
  );

export interface TLoggerOptions {
  /** Tests capture lines here. */
  destination?: DestinationStream;
}

/**
 * One JSON line per event in production; in development (LOG_FORMAT=pretty, set by `pnpm dev`)
 * one readable line per request through pino-pretty.
 */
export const createLogger = (
  config: Pick<TConfig, "LOG_LEVEL" | "NODE_ENV"> & Partial<Pick<TConfig, "LOG_FORMAT">>,
  opts: TLoggerOptions = {},
): Logger => {
  const options: LoggerOptions = {
    level: config.NODE_ENV === "test" && !opts.destination ? "silent" : config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: errSerializer, error: errSerializer },
  };
  if (opts.destination) return pino(options, opts.destination);
  if (config.LOG_FORMAT === "pretty") {
    return pino({
      ...options,
      transport: {
        target: "pino-pretty",
        // `GET /api/ranks 200 4ms user=1`: the request's fields are in the message, the rest of a line stays JSON.
        options: {
          singleLine: true,
          translateTime: "HH:MM:ss.l",
          messageFormat: "{msg}{if userId} user={userId}{end}",
          ignore: "pid,hostname,req,res,responseTime,reqId,userId",
        },
      },
    });
  }
  return pino(options);
};
