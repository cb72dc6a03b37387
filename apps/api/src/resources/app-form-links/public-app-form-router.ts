import {
  APP_FORM_MAX_DOCUMENTS,
  APP_FORM_MAX_SEA_ROWS,
  APP_FORM_PATH,
  EXTERNAL_FIELDS,
} from "@crew/contracts";
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import type { TDeps } from "../../deps.js";
import { AppError } from "../../errors/app-error.js";
import { ACCEPT } from "../../storage/file-types.js";
import { readUpload, type TUpload } from "../../storage/upload.js";
import { SEA_KEYS, type TFormValues } from "./app-form-fields.js";
import { hashAppFormToken } from "./app-form-links-binding.js";
import { formView, openLink, postedView, saveForm } from "./public-app-form-service.js";
import {
  appFormGonePage,
  appFormPage,
  appFormSubmittedPage,
  appFormThanksPage,
  appFormTooManyPage,
} from "./public-app-form-page.js";

/** Requests per address per 15 minutes (a seafarer needs a handful, a few drafts and corrections included). */
export const APP_FORM_ADDRESS_LIMIT = 60;
/** Requests per link per 15 minutes, whatever the addresses (one link hammered from many). */
export const APP_FORM_TOKEN_LIMIT = 30;
/** The form's text: fourteen short fields and the sea service rows fit in a few KB. */
const BODY_LIMIT = "16kb";
const TEXT_BYTES = 16 * 1024;
/** Text parts of the multipart form: the fields, the sea service cells, the removals. */
const MAX_PARTS =
  EXTERNAL_FIELDS.length + APP_FORM_MAX_SEA_ROWS * SEA_KEYS.length + APP_FORM_MAX_DOCUMENTS + 2 + 5;

const TOO_LONG = "This text is too long: please shorten it";
const TOO_LONG_FORM =
  "The form's text is too long, so nothing was saved: please shorten the longest answers.";

/** The field holding the most text when the form's text is over the cap, else undefined. */
const longestText = (body: TFormValues): string | undefined => {
  let total = 0;
  let longest: [string, number] = ["", -1];
  for (const [name, value] of Object.entries(body)) {
    const n = Array.isArray(value) ? value.join("").length : String(value ?? "").length;
    total += n;
    if (n > longest[1]) longest = [name, n];
  }
  return total > TEXT_BYTES ? longest[0] : undefined;
};

const isTooLarge = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "type" in error && error.type === "entity.too.large";

const tokenOf = (req: Request): string => String(req.params.token ?? "");

const ACTIONS = ["draft", "add_row", "send"] as const;
const actionOf = (body: TFormValues): (typeof ACTIONS)[number] => {
  const raw = Array.isArray(body.action) ? body.action[0] : body.action;
  return ACTIONS.find((a) => a === raw) ?? "send";
};

/** A refused upload's problem on the field it came in (the pointer's last segment), else on the scans. */
const uploadProblem = (error: AppError): Record<string, string> => {
  const first = error.errors[0];
  const field =
    first?.source && "pointer" in first.source ? String(first.source.pointer).split("/").pop() : undefined;
  // A text part over its cap (multer's field limit): marked on that field.
  if (error.status === 413 && field && field !== "photo" && field !== "documents")
    return { [field]: TOO_LONG };
  const name = field === "photo" ? "photo" : "documents";
  const message =
    error.status === 413
      ? "This file is too large"
      : error.status === 422
        ? String(first?.title ?? "This file type is not accepted")
        : "The files could not be read: please choose them again";
  return { [name]: message };
};

/**
 * GET and POST /application-form/{token} (issue 19 §3; docs/outside-channels.md): the seafarer's
 * form, no account, opening nothing but this one form. Unknown, forged, expired, replaced and
 * deleted links get the same 404 page; a sent one a 410. What is sent becomes a version from
 * source `application_form` for staff to accept, the link marked sent, in one transaction. The
 * token never reaches the log (request-log masks the path); pages are not cached and send no
 * referrer; each address and each link is rate-limited; the body is capped.
 */
export const publicAppFormRouter = (
  deps: Pick<TDeps, "db" | "bus" | "config" | "redis" | "storage" | "logger">,
): Router => {
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
    const state = await openLink(deps, tokenOf(req));
    if (state.status !== "open") return closed(res, state.status);
    send(res, 200, appFormPage(company, await formView(deps, state.link)));
  });
  const parseForm = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: MAX_PARTS });
  // A plain form over the cap: the page again from the saved draft, saying why, not a JSON error.
  const urlencoded: RequestHandler = (req, res, next) => {
    parseForm(req, res, (error?: unknown) => {
      if (!error) return next();
      if (!isTooLarge(error)) return next(error);
      void openLink(deps, tokenOf(req))
        .then(async (state) => {
          if (state.status !== "open") return closed(res, state.status);
          const view = await formView(deps, state.link);
          send(res, 413, appFormPage(company, { ...view, problem: TOO_LONG_FORM }));
        })
        .catch(next);
    });
  };
  // Plain forms (no files) are read here; a multipart body passes through to the upload reader.
  router.post(path, byAddress, byToken, urlencoded, async (req, res) => {
    const state = await openLink(deps, tokenOf(req));
    if (state.status !== "open") return closed(res, state.status);
    let uploads: TUpload[] = [];
    let body: TFormValues = {};
    if (req.is("multipart/form-data")) {
      try {
        const read = await readUpload(req, res, {
          maxBytes: deps.config.UPLOAD_MAX_BYTES,
          accept: "applicantFile",
          fields: ["documents", "photo"],
          maxFiles: APP_FORM_MAX_DOCUMENTS + 1,
          maxFields: MAX_PARTS,
          // Each part may hold the whole allowance, so an over-long answer is read and marked
          // with everything else typed kept (the total is checked below).
          fieldBytes: TEXT_BYTES,
        });
        uploads = read.files;
        // Repeated names (remove_file) come as arrays: read them from the parsed body.
        body = typeof req.body === "object" && req.body !== null ? (req.body as TFormValues) : read.fields;
        const photo = uploads.find(
          (u) => u.field === "photo" && !ACCEPT.image.some((t) => t.mime === u.contentType),
        );
        if (photo)
          throw AppError.invalid([
            { field: "photo", message: `${photo.filename} is not a photo (JPEG, PNG, WebP)` },
          ]);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Nothing is kept: the form comes back with what was typed and the problem on the file's field.
        const typed: TFormValues =
          typeof req.body === "object" && req.body !== null ? (req.body as TFormValues) : {};
        const view = postedView(typed, await formView(deps, state.link).then((v) => v.files), false);
        return send(res, error.status, appFormPage(company, { ...view, errors: uploadProblem(error) }));
      }
      const longest = longestText(body);
      if (longest) {
        // The seafarer's browser shows HTML, not a JSON error: the form comes back with what was
        // typed, the longest answer marked, and nothing saved.
        const view = postedView(body, await formView(deps, state.link).then((v) => v.files), false);
        return send(
          res,
          413,
          appFormPage(company, { ...view, errors: { [longest]: TOO_LONG }, problem: TOO_LONG_FORM }),
        );
      }
    } else {
      body = typeof req.body === "object" && req.body !== null ? (req.body as TFormValues) : {};
    }
    const result = await saveForm(deps, state.link, body, uploads, actionOf(body));
    switch (result.status) {
      case "closed":
        return closed(res, result.state);
      case "refused":
        return send(res, result.httpStatus, appFormPage(company, result.view));
      case "draft":
        return send(res, 200, appFormPage(company, result.view));
      case "sent":
        return send(res, 200, appFormThanksPage(company));
    }
  });
  return router;
};
