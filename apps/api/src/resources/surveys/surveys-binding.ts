import { createHash, randomBytes } from "node:crypto";
import {
  can,
  SURVEY_LINK_TTL_MS,
  SURVEY_NOTICES,
  ZSurveyDefinition,
  surveyIssueField,
  surveySchemas,
  type TSurveyDefinition,
  type TSurveyTagCount,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { textAt } from "../planning/row-read.js";
import { telegramBroadcastJob } from "../chat-messages/telegram-broadcast-job.js";
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

    /**
     * The survey to every applicant of a tag (docs/tasks.md "Sending a survey to a tag"): count
     * first (a 409 carrying the count, nothing written), then, with the count confirmed and still
     * true, one link per seafarer in one transaction; the Telegram ones go as one broadcast
     * (telegram-broadcast job, its background task the progress), the others come back.
     */
    async send_to_tag(ctx) {
      const { actor, input, id } = ctx;
      if (!can(actor.permissions, "users", "read"))
        throw AppError.forbidden("Reading applicants is not allowed.");
      if (!can(actor.permissions, "tgChat", "create"))
        throw AppError.forbidden("Sending on the Telegram chat is not allowed.");
      const survey = await ctx.repo.survey(id);
      if (!survey) throw AppError.notFound(`Survey ${id} not found`);
      const definition = definitionOf(survey.definition);
      const audience = await ctx.repo.tagMembers(input.tag_id);
      if (!audience) throw AppError.invalid([{ field: "tag_id", message: "is not a tag" }]);
      const hidden = new Set(
        await ctx.kernel.serviceOf("users").outOfScopeIds(
          actor,
          audience.members.map((m) => m.id),
        ),
      );
      const readable = audience.members.filter((m) => !hidden.has(m.id));
      const now = new Date();
      const states = new Map(
        (
          await ctx.repo.existing(
            id,
            readable.map((m) => m.id),
          )
        ).map((r) => [r.userId, r]),
      );
      const bot = Boolean(ctx.kernel.config.TELEGRAM_BOT_TOKEN);
      const reach = readable.filter((m) => {
        const state = states.get(m.id);
        return !state || (!state.submittedAt && state.expiresAt <= now);
      });
      const onTelegram = reach.filter((m) => bot && m.telegramUserId);
      const count: TSurveyTagCount = {
        tag_id: audience.tag.id,
        tag: audience.tag.name,
        seafarers: readable.length,
        answered: readable.filter((m) => states.get(m.id)?.submittedAt).length,
        open_links: readable.filter((m) => {
          const state = states.get(m.id);
          return state && !state.submittedAt && state.expiresAt > now;
        }).length,
        reach: reach.length,
        on_telegram: onTelegram.length,
        without_telegram: reach.length - onTelegram.length,
      };
      if (input.confirm !== reach.length) throw tagCountConflict(count, input.confirm);

      const base = ctx.kernel.config.PUBLIC_URL ?? new URL(ctx.url).origin;
      const expiresAt = new Date(now.getTime() + SURVEY_LINK_TTL_MS);
      const links = reach.map((m) => {
        // 256 random bits, base64url; only the hash is kept.
        const token = randomBytes(32).toString("base64url");
        return { member: m, url: surveyLinkUrl(base, token), tokenHash: hashSurveyToken(token) };
      });
      const channelOf = (m: { telegramUserId: string | null }) =>
        bot && m.telegramUserId ? "telegram" : "link";
      const taskId = await ctx.transaction(async (repo) => {
        const fresh = links.filter((l) => !states.has(l.member.id));
        const made = await repo.createInvitations(
          fresh.map((l) => ({
            surveySchemaId: id,
            userId: l.member.id,
            authorId: actor.id,
            tokenHash: l.tokenHash,
            expiresAt,
            channel: channelOf(l.member),
            definition,
          })),
        );
        let renewed = 0;
        for (const l of links) {
          const state = states.get(l.member.id);
          if (!state) continue;
          const data = {
            authorId: actor.id,
            tokenHash: l.tokenHash,
            expiresAt,
            channel: channelOf(l.member),
            definition,
          };
          if (await repo.renewExpired(state.id, data, now)) renewed += 1;
        }
        // Another send made or renewed some of these links meanwhile: nothing of this one stays.
        if (made + renewed !== links.length) throw tagChangedConflict();
        await repo.published(
          id,
          links.map((l) => l.member.id),
          actor.id,
        );
        const telegram = links.flatMap((l) =>
          channelOf(l.member) === "telegram" && l.member.telegramUserId
            ? [
                {
                  id: l.member.id,
                  telegramUserId: l.member.telegramUserId,
                  body: surveyInvitationText(definition.title, l.url, expiresAt),
                },
              ]
            : [],
        );
        if (!telegram.length) return null;
        const task = await repo.createTagTask(actor.id, telegram.length, {
          survey_id: id,
          tag_id: count.tag_id,
          tag: count.tag,
        });
        await repo.chat().createBroadcastMessages(task.id, actor.id, "", telegram);
        await repo.linkDeliveryMessages(id, task.id);
        return task.id;
      });
      // Queued after the commit: the broadcast job sends the messages at Telegram's pace.
      if (taskId !== null) await ctx.kernel.jobs.enqueue(telegramBroadcastJob, { broadcastId: taskId });
      return {
        status: 201,
        document: {
          data: {
            ...count,
            background_task_id: taskId === null ? null : String(taskId),
            links: links
              .filter((l) => channelOf(l.member) === "link")
              .map((l) => ({ user_id: String(l.member.id), name: fullName(l.member), url: l.url })),
          },
          meta: { message: SURVEY_NOTICES.tagSent },
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

/** The 409 of a send to a tag not (or no longer) confirmed: the count is the error's meta. */
const tagCountConflict = (count: TSurveyTagCount, confirmed: number | undefined): AppError => {
  const who = `${count.reach} ${count.reach === 1 ? "seafarer" : "seafarers"} (${count.without_telegram} without Telegram)`;
  const detail =
    confirmed === undefined
      ? `The survey would go to ${who}: confirm that count to send it.`
      : `The tag now reaches ${who}, not ${confirmed}: look at the count and confirm again.`;
  return new AppError("CONFLICT", detail, [
    { status: "409", code: "confirm_count", title: "Confirm the count", detail, meta: { ...count } },
  ]);
};

/** A send racing this one made some of its links first: the transaction rolls back. */
const tagChangedConflict = (): AppError =>
  AppError.conflict("Some of these seafarers got the survey meanwhile: look at the count and confirm again.");

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
