import type { IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";
import type { Express, Request } from "express";
import type { Logger } from "pino";
// The request's `id` and `log` are typed by pino-http's augmentation of IncomingMessage.
import type {} from "pino-http";

/** Probes every few seconds would drown the log. */
const UNLOGGED = new Set(["/api/health", "/api/ready"]);

/** Paths that carry a bearer token (a seafarer's survey or application-form link): the token is masked in the log. */
const TOKEN_PATHS = /^(\/survey\/|\/application-form\/)[^/]+/;

/** The path as the client sent it (routers rewrite `req.url` to their mount point), without the query or a link's token. */
const pathOf = (req: Request): string =>
  ((req.originalUrl || req.url).split("?")[0] ?? "").replace(TOKEN_PATHS, "$1[token]");

const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
};

const LOG = Symbol("request logger");
type TLogged = IncomingMessage & { id?: unknown; [LOG]?: Logger };

/**
 * One log line per request: request id, method, path, status, time and the signed-in user's
 * id. Headers (the five token headers both ways, cookies), bodies and query strings are never
 * logged: a log reader must not be able to take over a session. Refusals log as warnings,
 * failures as errors, an answer cut off by the client as a warning.
 *
 * The line's fields are built here and hold no secret, so it goes through a child logger
 * without the redaction net (lib/logger.ts), which costs more than the rest of the line; and
 * `req.log` (a child logger carrying the request id) is made only when a handler asks for it.
 * bench:cost measured both: pino-http with the net took about 0.3 ms of every request.
 *
 * `req.log` is a getter defined once on the app's request prototype, not on each request: V8
 * cannot share a hidden class between objects whose accessors are different functions, so a
 * getter of its own on each request (a new closure each time) gave every request a hidden class
 * of its own (after Express's setPrototypeOf; a dictionary without it), and every property read
 * on requests, the router's and ours, met a new shape each time.
 */
export const installRequestLog = (app: Express, logger: Logger): void => {
  Object.defineProperty(app.request, "log", {
    configurable: true,
    get(this: TLogged): Logger {
      return (this[LOG] ??= logger.child({ reqId: this.id }));
    },
  });
  const lines = logger.child({}, { redact: { paths: [] } });
  app.use((req, res, next) => {
    const started = performance.now();
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader("x-request-id", id);
    const path = pathOf(req);
    if (UNLOGGED.has(path)) return next();
    const write = (aborted: boolean) => {
      const status = res.statusCode;
      const ms = Math.round(performance.now() - started);
      const fields = {
        req: { id, method: req.method, path },
        res: { status },
        responseTime: ms,
        ...(req.actor ? { userId: req.actor.id } : {}),
      };
      if (aborted) lines.warn(fields, `${req.method} ${path} aborted by the client after ${ms}ms`);
      else if (status >= 500) lines.error(fields, `${req.method} ${path} ${status} failed`);
      else if (status >= 400) lines.warn(fields, `${req.method} ${path} ${status} ${ms}ms`);
      else lines.info(fields, `${req.method} ${path} ${status} ${ms}ms`);
    };
    res.once("finish", () => write(false));
    res.once("close", () => {
      if (!res.writableFinished) write(true);
    });
    next();
  });
};
