import { createHash, randomBytes } from "node:crypto";
import {
  SURVEY_LINK_TTL_MS,
  SURVEY_NOTICES,
  ZSurveyDefinition,
  surveyIssueField,
  surveySchemas,
  type TSurveyDefinition,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { textAt } from "../planning/row-read.js";
import { telegramSendJob } from "../chat-messages/telegram-send-job.js";
import { XLSX_TYPE } from "../document-matrix/document-check-xlsx.js";
import { surveyResponsesRepository } from "./survey-responses-repository.js";
import { surveyResults, type TAnswered } from "./survey-results.js";
import { surveyResultsWorkbook } from "./survey-results-xlsx.js";

const questionCount = (definition: unknown): number => {
  if (typeof definition !== "object" || definition === null) return 0;
  const questions = (definition as { questions?: unknown }).questions;
  return Array.isArray(questions) ? questions.length : 0;
};

/** A survey link's token is stored as its SHA-256 only: a database reader cannot answer for anyone. */
export const hashSurveyToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The public address of a survey link: /survey/<token> on the product's own address. */
export const surveyLinkUrl = (base: string, token: string): string =>
  `${base.replace(/\/$/, "")}/survey/${token}`;

/** The Telegram message that carries a survey link. */
export const surveyInvitationText = (title: string, url: string, expiresAt: Date): string =>
  `${title}\n\nPlease answer our short survey: ${url}\n` +
  `The link is yours alone and works until ${expiresAt.toISOString().slice(0, 10)}.`;

/** A stored definition: checked on every write, so a parse failure is a bug, not bad input. */
const definitionOf = (raw: unknown): TSurveyDefinition => ZSurveyDefinition.parse(raw);

/** Answers as stored (checked against the survey when submitted). */
const ZStoredAnswers = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
);

const fullName = (u: { name: string; surname: string }) => [u.surname, u.name].filter(Boolean).join(" ");

/**
 * Survey schemas (docs/tasks.md "Surveys"): the definition is checked deeply against the
 * contracts' ZSurveyDefinition on every write (422s name the path inside it); the author is
 * the signed-in client. Sending to seafarers and the results are its actions
 * (docs/tasks.md "Sending a survey").
 */
export const surveySchemasBinding: TResourceEntry = bindResource(
  surveySchemas,
  "SurveySchema",
  surveyResponsesRepository,
)({
  include: { author: { select: { name: true } } },
  computed: {
    question_count: (row) => questionCount(row.definition),
    author_name: (row) => textAt(row, "author", "name"),
  },
  async toData(input, _defaults, ctx) {
    const raw = input.attributes.definition;
    const data: { authorId?: number; definition?: object } =
      ctx.mode === "create" ? { authorId: ctx.actor.id } : {};
    if (raw === undefined) return data;
    const parsed = ZSurveyDefinition.safeParse(raw);
    if (!parsed.success) {
      const seen = new Set<string>();
      const issues = parsed.error.issues
        .map((i) => ({ field: surveyIssueField(i.path), message: i.message }))
        .filter((i) => !seen.has(i.field) && seen.add(i.field))
        .slice(0, 20);
      throw AppError.invalid(issues);
    }
    return { ...data, definition: parsed.data };
  },
  actions: {
    async send(ctx) {
      const { actor, input, id } = ctx;
      const survey = await ctx.repo.survey(id);
      if (!survey) throw AppError.notFound(`Survey ${id} not found`);
      const definition = definitionOf(survey.definition);
      // Every seafarer must be one the caller reads (the users scope): 404 names the first not.
      for (const userId of input.user_ids) await ctx.kernel.serviceOf("users").find(actor, userId);
      const recipients = await ctx.repo.recipients(input.user_ids);
      const answered = new Set(
        (await ctx.repo.existing(id, input.user_ids)).filter((r) => r.submittedAt).map((r) => r.userId),
      );
      const bot = Boolean(ctx.kernel.config.TELEGRAM_BOT_TOKEN);
      const base = ctx.kernel.config.PUBLIC_URL ?? new URL(ctx.url).origin;
      const expiresAt = new Date(Date.now() + SURVEY_LINK_TTL_MS);
      const skipped = recipients
        .filter((r) => answered.has(r.id))
        .map((r) => ({ user_id: String(r.id), name: fullName(r), reason: "has answered already" }));
      const sent = await ctx.transaction(async (repo) => {
        const out: {
          user_id: string;
          name: string;
          channel: string;
          url: string;
          messageId: number | null;
        }[] = [];
        for (const r of recipients) {
          if (answered.has(r.id)) continue;
          // 256 random bits, base64url; only the hash is kept.
          const token = randomBytes(32).toString("base64url");
          const url = surveyLinkUrl(base, token);
          const channel = bot && r.telegramUserId ? "telegram" : "link";
          const row = await repo.upsertInvitation({
            surveySchemaId: id,
            userId: r.id,
            authorId: actor.id,
            tokenHash: hashSurveyToken(token),
            expiresAt,
            channel,
            definition,
          });
          let messageId: number | null = null;
          if (channel === "telegram") {
            const message = await repo.chat().createMessage(
              {
                userId: r.id,
                direction: "out",
                body: surveyInvitationText(definition.title, url, expiresAt),
                status: "queued",
                authorId: actor.id,
                telegramChatId: r.telegramUserId,
              },
              actor.id,
            );
            await repo.chat().refreshApplicant(r.id);
            await repo.setChatMessage(row.id, message.id);
            messageId = message.id;
          }
          out.push({ user_id: String(r.id), name: fullName(r), channel, url, messageId });
        }
        return out;
      });
      // Queued after the commit: a job never looks for a message that is not there yet.
      for (const s of sent)
        if (s.messageId !== null) await ctx.kernel.jobs.enqueue(telegramSendJob, { messageId: s.messageId });
      return {
        status: 201,
        document: {
          data: {
            sent: sent.map(({ messageId: _m, ...s }) => s),
            skipped,
          },
          meta: { message: SURVEY_NOTICES.sent },
        },
      };
    },

    async results(ctx) {
      const { results } = await loadResults(ctx.repo, ctx.id);
      return { document: { data: results } };
    },

    async results_xlsx(ctx) {
      const { definition, results, answered } = await loadResults(ctx.repo, ctx.id);
      const body = await surveyResultsWorkbook(definition, results, answered);
      const name = definition.title.replace(/[\\/:*?"<>|]+/g, " ").trim() || "Survey";
      return { file: { filename: `${name} results.xlsx`, contentType: XLSX_TYPE, body } };
    },
  },
});

/** A survey's answers and their results per question. */
const loadResults = async (repo: ReturnType<typeof surveyResponsesRepository>, id: number) => {
  const survey = await repo.survey(id);
  if (!survey) throw AppError.notFound(`Survey ${id} not found`);
  const definition = definitionOf(survey.definition);
  const rows = await repo.responses(id);
  const answered: (TAnswered & { applicantNumber: string })[] = rows.flatMap((r) => {
    const answers = ZStoredAnswers.safeParse(r.answers);
    return r.submittedAt && answers.success
      ? [
          {
            userId: r.userId,
            name: fullName(r.user),
            applicantNumber: r.user.crewingApplicantId,
            submittedAt: r.submittedAt,
            answers: answers.data,
          },
        ]
      : [];
  });
  return { definition, results: surveyResults(id, definition, rows.length, answered), answered };
};
