import { ZSurveyDefinition, surveyAnswersSchema, type TSurveyDefinition } from "@crew/contracts";
import express, { Router, type Response } from "express";
import { ipKeyGenerator, MemoryStore, rateLimit } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import type { TDeps } from "../../deps.js";
import { runInTransaction } from "../../kernel/transaction-repository.js";
import { hashSurveyToken } from "./surveys-binding.js";
import {
  answersFromForm,
  surveyAnsweredPage,
  surveyFormPage,
  surveyGonePage,
  surveyThanksPage,
  type TFormBody,
} from "./public-survey-page.js";
import { surveyResponsesRepository } from "./survey-responses-repository.js";

/** A token is 32 random bytes as base64url: 43 characters. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Requests per address per 15 minutes on the survey pages (a seafarer needs a handful). */
export const SURVEY_PAGE_LIMIT = 60;

type TOpen =
  | { status: "gone" }
  | { status: "answered" }
  | { status: "open"; id: number; name: string; definition: TSurveyDefinition };

/** The public survey service: reads a link's survey and stores its answers once. */
const publicSurveyService = (deps: Pick<TDeps, "db" | "bus">) => ({
  async open(token: string): Promise<TOpen> {
    if (!TOKEN.test(token)) return { status: "gone" };
    const row = await surveyResponsesRepository(deps.db).byTokenHash(hashSurveyToken(token));
    if (!row) return { status: "gone" };
    if (row.submittedAt) return { status: "answered" };
    if (row.expiresAt.getTime() <= Date.now()) return { status: "gone" };
    return {
      status: "open",
      id: row.id,
      name: row.user.name,
      definition: ZSurveyDefinition.parse(row.definition),
    };
  },

  /** Checks and stores the answers: the problems per question, or null once stored. */
  async submit(
    open: Extract<TOpen, { status: "open" }>,
    body: TFormBody,
  ): Promise<{ errors: Record<string, string> } | { stored: boolean }> {
    const parsed = surveyAnswersSchema(open.definition).safeParse(answersFromForm(open.definition, body));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const id = String(issue.path[0] ?? "");
        const message =
          issue.code === "invalid_type" && issue.input === undefined ? "Please answer" : issue.message;
        errors[id] ??= message.charAt(0).toUpperCase() + message.slice(1);
      }
      return { errors };
    }
    const stored = await runInTransaction(
      deps.db,
      null,
      (tx) => surveyResponsesRepository(tx).submit(open.id, parsed.data),
      deps.bus,
    );
    return { stored };
  },
});

/**
 * GET and POST /survey/{token} (docs/tasks.md "Sending a survey"): the seafarer's form, no
 * account. Unknown, forged and expired tokens get the same 404 page; an answered one says so;
 * answers are stored once. The token never reaches the log (request-log masks the path),
 * pages are not cached and send no referrer, and each address may ask 60 times in 15 minutes.
 */
export const publicSurveyRouter = (deps: Pick<TDeps, "db" | "bus" | "config" | "redis">): Router => {
  const service = publicSurveyService(deps);
  const company = deps.config.COMPANY_NAME;
  const router = Router();
  const redis = deps.redis;
  const limit = rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: SURVEY_PAGE_LIMIT,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    passOnStoreError: true,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ""),
    store: redis
      ? new RedisStore({
          prefix: "crew:rl:survey:",
          sendCommand: (command: string, ...args: string[]) =>
            redis.call(command, ...args) as Promise<RedisReply>,
        })
      : new MemoryStore(),
    handler: (_req, res) =>
      send(res, 429, surveyGonePage(company).replace("This link is not valid", "Too many tries")),
  });
  const send = (res: Response, status: number, html: string) => {
    res.status(status).type("html").setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("X-Robots-Tag", "noindex");
    res.send(html);
  };
  const answerClosed = (res: Response, status: "gone" | "answered") =>
    status === "gone" ? send(res, 404, surveyGonePage(company)) : send(res, 410, surveyAnsweredPage(company));

  router.get("/survey/:token", limit, async (req, res) => {
    const open = await service.open(String(req.params.token ?? ""));
    if (open.status !== "open") return answerClosed(res, open.status);
    send(res, 200, surveyFormPage(open.definition, company, open.name));
  });
  router.post(
    "/survey/:token",
    limit,
    express.urlencoded({ extended: false, limit: "200kb", parameterLimit: 2000 }),
    async (req, res) => {
      const open = await service.open(String(req.params.token ?? ""));
      if (open.status !== "open") return answerClosed(res, open.status);
      const body: TFormBody =
        typeof req.body === "object" && req.body !== null ? (req.body as TFormBody) : {};
      const result = await service.submit(open, body);
      if ("errors" in result)
        return send(res, 422, surveyFormPage(open.definition, company, open.name, body, result.errors));
      if (!result.stored) return answerClosed(res, "answered");
      send(res, 200, surveyThanksPage(open.definition.title, company));
    },
  );
  return router;
};
