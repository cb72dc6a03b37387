import { FIRST_APPLY_COMMENT, vacancies, vacancyApplies, type TVacancyApplyStatus } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { partnerVesselWhere } from "../fleet/partner-scope.js";
import { numberAt, textAt } from "../planning/row-read.js";
import { matchCandidates } from "./matching.js";
import { vacanciesRepository } from "./vacancies-repository.js";
import { moveStatus } from "./apply-status.js";
import { publishToChannel } from "./vacancy-publish-channel.js";
import { vacancyChannelSweepJob } from "./vacancy-channel-job.js";

const ZId = z.number().int();
const ZChanges = z.array(z.object({ body: z.string().optional() })).optional();

/** Vacancies of the vessels the reader may see (a partner, should one be granted vacancies, its owners' fleet). */
const vacancyScope = (actor: TActor): TWhereOf<"Vacancy"> => {
  const vessels = partnerVesselWhere(actor);
  return vessels ? { vessel: { is: vessels } } : {};
};
/** Published with `telegram` among its sources: its post belongs on the channel. */
const onTelegram = (row: { published: boolean; sources: string[] }): boolean =>
  row.published && row.sources.includes("telegram");
const words = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean).slice(0, 8);

/** "Master · NORDIC STAR". */
const vacancyTitle = (row: Record<string, unknown>): string =>
  [textAt(row, "rank", "title"), textAt(row, "vessel", "name")].filter(Boolean).join(" · ");

/**
 * Vacancies (issue 18 §1; docs/vacancies.md): a published vacancy plan makes one (planning's
 * afterWrite); its own edits of the joining wage and description go back to that plan. The
 * public page lists those published to the site.
 */
export const vacanciesBinding: TResourceEntry = bindResource(
  vacancies,
  "Vacancy",
  vacanciesRepository,
)({
  scope: vacancyScope,
  include: {
    rank: { select: { title: true } },
    vessel: {
      select: {
        name: true,
        ownerVessel: { select: { owner: { select: { title: true } } } },
        managerVessel: { select: { manager: { select: { title: true } } } },
      },
    },
  },
  computed: {
    title: (row) => vacancyTitle(row),
    rank_title: (row) => textAt(row, "rank", "title"),
    vessel_name: (row) => textAt(row, "vessel", "name"),
    owner_name: (row) => textAt(row, "vessel", "ownerVessel", "owner", "title"),
    manager_name: (row) => textAt(row, "vessel", "managerVessel", "manager", "title"),
    public_path: (row) => (row.published && row.sources.includes("site") ? `/jobs/${row.id}` : null),
  },
  computedMany: {
    names: ["applies_count"],
    async load(rows, { repo }) {
      const counts = await repo.appliesCounts(rows.map((r) => r.id));
      return new Map(rows.map((r) => [r.id, { applies_count: counts.get(r.id) ?? 0 }]));
    },
  },
  filters: {
    role_id: (value) => ({ rankId: ZId.parse(value) }),
    owner_id: (value) => ({ vessel: { ownerVessel: { is: { ownerId: ZId.parse(value) } } } }),
    manager_id: (value) => ({ vessel: { managerVessel: { is: { managerId: ZId.parse(value) } } } }),
  },
  // Each word in the description, the rank or the vessel's name.
  search: (text) => ({
    AND: words(text).map((w) => ({
      OR: [
        { description: { contains: w, mode: "insensitive" as const } },
        { rank: { title: { contains: w, mode: "insensitive" as const } } },
        { vessel: { name: { contains: w, mode: "insensitive" as const } } },
      ],
    })),
  }),
  async options(q, size, { repo, actor }) {
    return repo.options(q, size, vacancyScope(actor));
  },
  toData(input, _defaults, ctx) {
    const data: { authorId?: number; publishedAt?: Date | null; sources?: string[] } = {};
    if (ctx.mode === "create") data.authorId = ctx.actor.id;
    const published = input.attributes.published;
    // Publishing stamps the day and puts it on the site unless sources are named; unpublishing takes it off every source.
    if (published === true && !ctx.before?.published) {
      data.publishedAt = new Date();
      if (!ctx.next.sources || (Array.isArray(ctx.next.sources) && ctx.next.sources.length === 0))
        data.sources = ["site"];
    }
    if (published === false) data.sources = [];
    return data;
  },
  async afterWrite(after, ctx) {
    // On the channel: posted in this write (a 409 rolls it back); off it: taken down once committed.
    if (onTelegram(after) && !(ctx.before && onTelegram(ctx.before)))
      await publishToChannel(ctx.kernel.config, ctx.repo, after.id, after.sources, {
        transaction: (fn) => fn(ctx.repo),
        stamp: false,
        afterCommit: ctx.afterCommit,
      });
    if (ctx.before?.telegramMessageId != null && !onTelegram(after))
      ctx.afterCommit(() => ctx.kernel.jobs.enqueue(vacancyChannelSweepJob, {}));
    if (ctx.mode === "update" && after.timePlanId !== null) {
      const pushed = await ctx.repo.pushToPlan(after.timePlanId, {
        start: after.start,
        wage: after.wage,
        description: after.description,
        published: after.published,
      });
      if (pushed) ctx.touched("time_plans", [after.timePlanId]);
    }
  },
  async afterDelete(row, ctx) {
    const chatId = row.telegramChatId ?? ctx.kernel.config.TELEGRAM_CHANNEL_ID;
    if (row.telegramMessageId === null || !chatId) return;
    const post = { chatId, messageId: row.telegramMessageId, title: textAt(row, "rank", "title") ?? "" };
    ctx.afterCommit(() => ctx.kernel.jobs.enqueue(vacancyChannelSweepJob, { post }));
  },
  actions: {
    async republish(ctx) {
      const { vacancyId, source } = z.object({ vacancyId: ZId, source: z.string() }).parse(ctx.input);
      const before = await ctx.kernel.serviceOf("vacancies").find(ctx.actor, vacancyId);
      const sources = (Array.isArray(before.sources) ? before.sources : []).map(String);
      const next = [...new Set([...sources, source])];
      if (source === "telegram")
        await publishToChannel(ctx.kernel.config, ctx.repo, vacancyId, next, {
          transaction: (fn) => ctx.transaction(fn),
          stamp: true,
        });
      else await ctx.transaction((repo) => repo.publish(vacancyId, next, new Date()));
      return { document: await ctx.kernel.serviceOf("vacancies").show(ctx.actor, vacancyId, {}) };
    },
    async matches(ctx) {
      const { limit } = z.object({ limit: z.number().int() }).parse(ctx.input);
      return { document: await matchCandidates(ctx.repo, ctx.id ?? 0, limit) };
    },
  },
});

/**
 * Applications (spec 001 §3, 002 §4): created processing with the first change comment; the same
 * candidate twice on one vacancy is a 422; update_status moves them through the flow.
 */
export const vacancyAppliesBinding: TResourceEntry = bindResource(
  vacancyApplies,
  "VacancyApply",
  vacanciesRepository,
)({
  scope: (actor) => ({ vacancy: { is: vacancyScope(actor) } }),
  virtual: ["first_comments"],
  include: {
    candidate: { select: { surname: true, name: true } },
    vacancy: { select: { rank: { select: { title: true } }, vessel: { select: { name: true } } } },
  },
  computed: {
    candidate_name: (row) =>
      [textAt(row, "candidate", "surname"), textAt(row, "candidate", "name")].filter(Boolean).join(" "),
    vacancy_title: (row) =>
      [textAt(row, "vacancy", "rank", "title"), textAt(row, "vacancy", "vessel", "name")]
        .filter(Boolean)
        .join(" · "),
  },
  computedMany: {
    names: ["change_comments"],
    async load(rows, { repo }) {
      const changes = await repo.changesOf(rows.map((r) => r.id));
      return new Map(rows.map((r) => [r.id, { change_comments: changes.get(r.id) ?? [] }]));
    },
  },
  async toData(_input, _defaults, ctx) {
    const vacancyId = numberAt(ctx.next, "vacancyId");
    const candidateId = numberAt(ctx.next, "candidateId");
    if (ctx.mode === "create" && vacancyId !== null && candidateId !== null) {
      await ctx.repo.lockVacancy(vacancyId);
      if (await ctx.repo.applyExists(vacancyId, candidateId))
        throw AppError.invalid([
          { field: "candidate", location: "relationships", message: "is already applied to this vacancy" },
        ]);
    }
    return ctx.mode === "create" ? { authorId: ctx.actor.id, status: "processing" } : {};
  },
  async afterWrite(after, ctx) {
    if (ctx.mode !== "create") return;
    await ctx.repo.addChange(after.id, ctx.actor.id, FIRST_APPLY_COMMENT, "processing");
    for (const c of ZChanges.parse(ctx.input.attributes.first_comments) ?? []) {
      const body = c.body?.trim();
      if (body && body !== FIRST_APPLY_COMMENT)
        await ctx.repo.addChange(after.id, ctx.actor.id, body, "processing");
    }
  },
  actions: {
    async update_status(ctx) {
      const { payload } = z
        .object({
          payload: z.object({ id: ZId, status: z.string(), body: z.string().optional() }),
        })
        .parse(ctx.input);
      // The application must be readable (its vacancy in scope): 404 otherwise.
      await ctx.kernel.serviceOf("vacancy_applies").requireReadable(ctx.actor, payload.id);
      const status = payload.status as TVacancyApplyStatus;
      const plans = await ctx.transaction((repo) =>
        moveStatus(repo, ctx.actor, payload.id, status, payload.body),
      );
      if (plans.length) ctx.kernel.publish("time_plans", plans, "update", ctx.actor);
      return { document: await ctx.kernel.serviceOf("vacancy_applies").show(ctx.actor, payload.id, {}) };
    },
  },
});
