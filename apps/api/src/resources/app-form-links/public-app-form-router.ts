import { APP_FORM_PATH } from "@crew/contracts";
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import type { TDeps } from "../../deps.js";
import { changesOf } from "../../crew-sites/compare.js";
import { runInTransaction } from "../../kernel/transaction-repository.js";
import { comparableOf } from "../external-versions/external-versions-repository.js";
import { readAppForm, type TFormValues } from "./app-form-fields.js";
import { hashAppFormToken } from "./app-form-links-binding.js";
import { appFormLinksRepository } from "./app-form-links-repository.js";
import {
  appFormGonePage,
  appFormPage,
  appFormSubmittedPage,
  appFormThanksPage,
  appFormTooManyPage,
} from "./public-app-form-page.js";

/** A token is 32 random bytes as base64url: 43 characters. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Requests per address per 15 minutes (a seafarer needs a handful, a few corrections included). */
export const APP_FORM_ADDRESS_LIMIT = 60;
/** Requests per link per 15 minutes, whatever the addresses (one link hammered from many). */
export const APP_FORM_TOKEN_LIMIT = 30;
/** The form's body: fourteen short fields fit in a few KB. */
const BODY_LIMIT = "16kb";

type TLinkRow = NonNullable<Awaited<ReturnType<ReturnType<typeof appFormLinksRepository>["byTokenHash"]>>>;
type TOpen = { status: "gone" } | { status: "submitted" } | { status: "open"; link: TLinkRow };

const open = async (deps: Pick<TDeps, "db">, token: string): Promise<TOpen> => {
  if (!TOKEN.test(token)) return { status: "gone" };
  const link = await appFormLinksRepository(deps.db).byTokenHash(hashAppFormToken(token));
  if (!link || link.revokedAt) return { status: "gone" };
  if (link.submittedAt) return { status: "submitted" };
  if (link.expiresAt.getTime() <= Date.now()) return { status: "gone" };
  return { status: "open", link };
};

/** The applicant's values as the form shows them first. */
const startingValues = (link: TLinkRow): TFormValues =>
  Object.fromEntries(
    Object.entries(comparableOf(link.user)).map(([k, v]) => [k, v === null ? "" : String(v)]),
  );

const tokenOf = (req: Request): string => String(req.params.token ?? "");

/**
 * GET and POST /application-form/{token} (issue 19 §3; docs/outside-channels.md): the seafarer's
 * form, no account, opening nothing but this one form. Unknown, forged, expired, replaced and
 * deleted links get the same 404 page; a sent one a 410. What is sent becomes a version from
 * source `application_form` for staff to accept, the link marked sent, in one transaction. The
 * token never reaches the log (request-log masks the path); pages are not cached and send no
 * referrer; each address and each link is rate-limited; the body is capped.
 */
export const publicAppFormRouter = (deps: Pick<TDeps, "db" | "bus" | "config" | "redis">): Router => {
  const company = deps.config.COMPANY_NAME;
  const router = Router();
  const redis = deps.redis;
  const store = (prefix: string): Store =>
    redis
      ? new RedisStore({
          prefix,
          sendCommand: (command: string, ...args: string[]) =>
            redis.call(command, ...args) as Promise<RedisReply>,
        })
      : new MemoryStore();
  const limiter = (limit: number, prefix: string, key: (req: Request) => string): RequestHandler =>
    rateLimit({
      windowMs: 15 * 60 * 1000,
      limit,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      passOnStoreError: true,
      keyGenerator: key,
      store: store(prefix),
      handler: (_req, res) => send(res, 429, appFormTooManyPage(company)),
    });
  const byAddress = limiter(APP_FORM_ADDRESS_LIMIT, "crew:rl:appform:ip:", (req) =>
    ipKeyGenerator(req.ip ?? ""),
  );
  // Keyed by the token's hash: the store never holds a usable token.
  const byToken = limiter(APP_FORM_TOKEN_LIMIT, "crew:rl:appform:link:", (req) =>
    hashAppFormToken(tokenOf(req)),
  );
  const send = (res: Response, status: number, html: string) => {
    res.status(status).type("html").setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("X-Robots-Tag", "noindex");
    res.send(html);
  };
  const closed = (res: Response, status: "gone" | "submitted") =>
    status === "gone"
      ? send(res, 404, appFormGonePage(company))
      : send(res, 410, appFormSubmittedPage(company));

  const path = `${APP_FORM_PATH}/:token`;
  router.get(path, byAddress, byToken, async (req, res) => {
    const state = await open(deps, tokenOf(req));
    if (state.status !== "open") return closed(res, state.status);
    send(res, 200, appFormPage(company, startingValues(state.link)));
  });
  router.post(
    path,
    byAddress,
    byToken,
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 }),
    async (req, res) => {
      const state = await open(deps, tokenOf(req));
      if (state.status !== "open") return closed(res, state.status);
      const body: TFormValues =
        typeof req.body === "object" && req.body !== null ? (req.body as TFormValues) : {};
      const read = readAppForm(body);
      if (!read.ok) return send(res, 422, appFormPage(company, body, read.errors));
      const pending = changesOf(read.fields, comparableOf(state.link.user)).length > 0;
      const versionId = await runInTransaction(
        deps.db,
        null,
        (tx) => appFormLinksRepository(tx).submit(state.link, { fields: read.fields, pending }),
        deps.bus,
      );
      if (versionId === null) return closed(res, "submitted");
      send(res, 200, appFormThanksPage(company));
    },
  );
  return router;
};
