import { PassThrough } from "node:stream";
import {
  EXPORT_INLINE_LIMIT,
  EXPORT_MAX_ROWS,
  TAG_BATCH_LIMIT,
  applicants,
  utcToday,
  type ZTagBatch,
} from "@crew/contracts";
import type { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import type { TActionCtx, TActionResult } from "../../kernel/actions.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { parseListQuery } from "../../kernel/list-query.js";
import type { TRow } from "../../kernel/store.js";
import { activityAction } from "../activity/activity-action.js";
import { plannedMatrixMarks } from "../document-matrix/planned-matrix-marks.js";
import { applicantsExportJob } from "./applicants-export-job.js";
import { applicantsTagBatchJob } from "./applicants-tag-batch-job.js";
import { checkDuplicates } from "./duplicates.js";
import { ageOn, countryFlag, fullName, vesselNow } from "./applicant-computed.js";
import { parseSearch } from "./search-text.js";
import { visibleTagsFor } from "./tag-visibility.js";
import { applicantQueryOf, type TApplicantQuery } from "./applicants-query.js";
import { applicantsRepository, type TApplicantsRepository } from "./applicants-repository.js";
import { XLSX_TYPE, writeApplicantsXlsx } from "./applicants-xlsx.js";

type TApplicantsCtx<I> = TActionCtx<TApplicantsRepository, I>;

/** The list query an action was given (filter, search, sort), parsed as the list parses it. */
const listQueryOf = (
  input: { filter?: Record<string, string>; search?: string; sort?: string },
  actor: TActor,
): TApplicantQuery => {
  const raw: Record<string, unknown> = {};
  if (input.filter) raw.filter = input.filter;
  if (input.search) raw.search = input.search;
  if (input.sort) raw.sort = input.sort;
  return applicantQueryOf(parseListQuery(applicants, raw), actor.id);
};

const taskDocument = (ctx: TApplicantsCtx<unknown>, task: TRow) => ({
  status: 202,
  document: { data: ctx.kernel.serviceOf("background_tasks").serialize(task, ctx.actor) },
});

/**
 * Queues a task's job; when the queue refuses (Redis away: a 503 at once), the task row is
 * marked failed before the error goes out, so the client's task list does not keep a "queued"
 * task no job will ever run.
 */
const enqueueTask = async (
  ctx: TApplicantsCtx<unknown>,
  taskId: number,
  enqueue: () => Promise<unknown>,
): Promise<void> => {
  try {
    await enqueue();
  } catch (error) {
    await ctx.transaction((repo) =>
      repo.tasks.fail(taskId, "The job could not be queued: the job queue is unavailable. Please try again."),
    );
    throw error;
  }
};

/** users/assign_tag and users/remove_tag: one applicant or the list query (up to 10,000), one queued job. */
const tagBatch =
  (mode: "add" | "remove") =>
  async (ctx: TApplicantsCtx<z.output<typeof ZTagBatch>>): Promise<TActionResult> => {
    const { input, actor } = ctx;
    const tag =
      typeof input.tag === "number"
        ? await ctx.repo.tagById(input.tag)
        : mode === "add"
          ? await ctx.transaction(async (repo) => {
              const [id] = await repo.tagIdsByNames([String(input.tag)]);
              return id === undefined ? null : repo.tagById(id);
            })
          : await ctx.repo.tagByName(input.tag);
    if (!tag) throw AppError.invalid([{ field: "tag", message: "must exist" }]);
    let ids: number[];
    let matched: number;
    if (input.userId !== undefined) {
      const readable = await ctx.kernel.serviceOf("users").readableIds(actor, input.userId);
      const missing = input.userId.find((id) => !readable.has(id));
      if (missing !== undefined) throw AppError.notFound(`User ${missing} not found`);
      ids = input.userId;
      matched = ids.length;
    } else {
      const q = listQueryOf(input, actor);
      ids = await ctx.repo.list.ids(q, TAG_BATCH_LIMIT);
      matched = ids.length < TAG_BATCH_LIMIT ? ids.length : await ctx.repo.list.count(q);
    }
    const task = await ctx.transaction((repo) =>
      repo.tasks.create({
        kind: mode === "add" ? "users.assign_tag" : "users.remove_tag",
        authorId: actor.id,
        total: ids.length,
        params: {
          tag: tag.name,
          tag_id: tag.id,
          user_ids: input.userId ?? null,
          filter: input.filter ?? {},
          search: input.search ?? "",
          matched,
        },
      }),
    );
    await enqueueTask(ctx, task.id, () =>
      ctx.kernel.jobs.enqueue(applicantsTagBatchJob, {
        taskId: task.id,
        actorId: actor.id,
        tagId: tag.id,
        mode,
        userIds: ids,
      }),
    );
    return taskDocument(ctx, task);
  };

const exportName = (): string => `seafarers-${new Date().toISOString().slice(0, 10)}.xlsx`;

/**
 * Seafarer applicants (spec 001; docs/applicants.md): the list served by its own SQL (search,
 * filters, sorts at 200,000 rows), derived columns read from the row, the caller's stars and
 * visible tags per page in one query each, server-assigned applicant numbers, duplicate checks,
 * a client's new-seafarer tags, stars, queued tag batches and the export.
 */
export const applicantsBinding: TResourceEntry = bindResource(
  applicants,
  "User",
  applicantsRepository,
)({
  virtual: ["knowing_duplicate"],
  relations: { external_applications: { kind: "none" } },
  computed: {
    full_name: (row) => fullName(row),
    age: (row) => ageOn(row.birthday, new Date()),
    telegram_bot: (row) => row.telegramUserId !== null,
    vessel: (row) => vesselNow(row, new Date()),
    // Spec 001 names it in the list's fieldset only; nothing holds it (docs/decisions.md "Spec calls").
    electronic_me: () => null,
  },
  computedMany: {
    names: [
      "is_favorite",
      "tag_list",
      "crewing_rank",
      "country_birth_emoji",
      "country_birth_name",
      "matrix_documents",
    ],
    // One query for the page: the reader's stars and tag lists, rank titles, country codes; and a
    // few set-based ones for the planned applicants' documents against their owner's matrix.
    async load(rows, ctx) {
      const ids = rows.map((r) => r.id);
      const wantsMarks = !ctx.fields || ctx.fields.includes("matrix_documents");
      const [found, marks] = await Promise.all([
        ctx.repo.list.extras(ctx.actor.id, ids),
        wantsMarks ? plannedMatrixMarks(ctx.repo.documentCheck, ids, utcToday()) : null,
      ]);
      const extras = new Map(found.map((e) => [e.id, e]));
      const first = extras.values().next().value;
      const visible = visibleTagsFor({ shown: first?.shown ?? [], hidden: first?.hidden ?? [] });
      return new Map(
        rows.map((r) => {
          const e = extras.get(r.id);
          return [
            r.id,
            {
              is_favorite: e?.starred ?? false,
              tag_list: visible(r.tagList),
              crewing_rank: e?.rank ?? null,
              country_birth_emoji: countryFlag(e?.country ?? null),
              // The name beside the flag: Windows shows a flag as two letters (issue 22.19).
              country_birth_name: e?.country_name ?? null,
              ...(marks ? { matrix_documents: marks.get(r.id) ?? null } : {}),
            },
          ];
        }),
      );
    },
  },
  listPage: (query, ctx) => ctx.repo.list.page(applicantQueryOf(query, ctx.actor.id), query.page),
  async options(q, size, ctx) {
    const query: TApplicantQuery = q
      ? {
          actorId: ctx.actor.id,
          filter: {},
          search: parseSearch(q),
          sort: [{ field: "full_name", desc: false }],
        }
      : { actorId: ctx.actor.id, filter: {}, search: [], sort: [{ field: "created_at", desc: true }] };
    return ctx.repo.labels(await ctx.repo.list.ids(query, size));
  },
  async toData(input, defaults, ctx) {
    const data: typeof defaults = {};
    if (ctx.mode === "create") {
      data.crewingApplicantId = await ctx.repo.nextApplicantNumber();
      data.authorId = ctx.actor.id;
    }
    if (defaults.archived !== undefined && defaults.archived !== ctx.before?.archived)
      data.archivedAt = defaults.archived ? new Date() : null;
    const statusId = defaults.crewingStatusId;
    if (statusId !== undefined && statusId !== null && !(await ctx.repo.crewingStatusExists(statusId))) {
      throw AppError.invalid([{ field: "crewing_status_id", message: "must exist" }]);
    }
    if (input.attributes.knowing_duplicate !== true) await checkDuplicates(ctx.repo, defaults, ctx.before);
    return data;
  },
  async afterWrite(after, ctx) {
    if (ctx.mode !== "create") return;
    // A staff client's new-seafarer tags go on every applicant it creates (spec 001).
    const { newSeafarer } = await ctx.repo.clientTagLists(ctx.actor.id);
    if (newSeafarer.length) await ctx.repo.addTags(after.id, await ctx.repo.tagIdsByNames(newSeafarer));
  },
  async beforeDelete(row, ctx) {
    if ((await ctx.repo.planCount(row.id)) > 0) {
      throw AppError.conflict(
        "This applicant has timeplans: archive the applicant instead of removing the record.",
      );
    }
  },
  actions: {
    activity: activityAction,
    async star_user(ctx) {
      const userId = ctx.input.user_id;
      const service = ctx.kernel.serviceOf("users");
      await service.requireReadable(ctx.actor, userId);
      await ctx.transaction((repo) => repo.toggleStar(ctx.actor.id, userId));
      return {
        document: await service.show(ctx.actor, userId, {
          fields: { users: "is_favorite,crewing_applicant_id,surname,name" },
        }),
      };
    },
    async choices(ctx) {
      const c = await ctx.repo.choices();
      const visible = visibleTagsFor(await ctx.repo.clientTagLists(ctx.actor.id));
      const shown = new Set(visible(c.tags.map((t) => t.name)));
      return {
        document: {
          ranks: c.ranks,
          countries: c.countries,
          crewing_statuses: c.crewingStatuses,
          tags: c.tags.filter((t) => shown.has(t.name)),
          vessel_types: c.vesselTypes,
          engine_types: c.engineTypes,
          engine_manufacturers: c.engineManufacturers,
        },
      };
    },
    assign_tag: tagBatch("add"),
    remove_tag: tagBatch("remove"),
    async index_xlsx(ctx) {
      const q = listQueryOf(ctx.input, ctx.actor);
      const count = await ctx.repo.list.count(q);
      if (count > EXPORT_INLINE_LIMIT || ctx.input.async === "true") {
        const task = await ctx.transaction((repo) =>
          repo.tasks.create({
            kind: "users.index_xlsx",
            authorId: ctx.actor.id,
            total: Math.min(count, EXPORT_MAX_ROWS),
            params: {
              filter: ctx.input.filter ?? {},
              search: ctx.input.search ?? "",
              sort: ctx.input.sort ?? "",
              matched: count,
            },
          }),
        );
        await enqueueTask(ctx, task.id, () =>
          ctx.kernel.jobs.enqueue(applicantsExportJob, {
            taskId: task.id,
            actorId: ctx.actor.id,
            query: {
              ...(ctx.input.filter ? { filter: ctx.input.filter } : {}),
              ...(ctx.input.search ? { search: ctx.input.search } : {}),
              ...(ctx.input.sort ? { sort: ctx.input.sort } : {}),
            },
            filename: exportName(),
          }),
        );
        return taskDocument(ctx, task);
      }
      const ids = await ctx.repo.list.ids(q, EXPORT_INLINE_LIMIT);
      const visibleTags = visibleTagsFor(await ctx.repo.clientTagLists(ctx.actor.id));
      const body = new PassThrough();
      writeApplicantsXlsx(body, { ids, rows: (chunk) => ctx.repo.export.rows(chunk), visibleTags }).catch(
        (error: unknown) => {
          ctx.kernel.logger.error({ err: error }, "export failed while streaming");
          body.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return { file: { filename: exportName(), contentType: XLSX_TYPE, body } };
    },
  },
});
