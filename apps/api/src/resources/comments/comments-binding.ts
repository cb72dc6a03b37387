import {
  can,
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_NOTICES,
  comments,
  PLACEHOLDER_AUTHOR,
  type TCommentableType,
  type TInteraction,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { requireAccess } from "../../kernel/access.js";
import type { TActionCtx } from "../../kernel/actions.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { attachUploads, deleteObjects } from "../../kernel/files-service.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { vesselScope } from "../fleet/fleet-scopes.js";
import { timePlanScope } from "../planning/time-plans-binding.js";
import { excerpt, mentionIds, plainText, sanitizeBody } from "./comment-body.js";
import { notifyComment } from "./comment-notices.js";
import {
  commentsRepository,
  type TApplicantChanges,
  type TCommentsRepository,
} from "./comments-repository.js";

const DAY = 86_400_000;

/** The relations `include` loads with a comment, as the computed attributes read them. */
const ZLoaded = z.object({
  author: z.object({ name: z.string(), avatar: z.string().nullable() }).nullable().catch(null),
  event: z
    .object({
      eventType: z.string(),
      eventResult: z.string().nullable(),
      eventResult1: z.string().nullable(),
      eventResult2: z.string().nullable(),
      commentSourceId: z.number().nullable(),
      commentSource: z.object({ title: z.string() }).nullable(),
    })
    .nullable()
    .catch(null),
  mentions: z.array(z.object({ clientId: z.number() })).catch([]),
});
const loaded = (row: Record<string, unknown>) => ZLoaded.parse(row);

/**
 * Which comments a reader sees (every path: list, show, include, nested lists, counts): those
 * on records of a type the reader may read, in that type's own scope (a partner's fleet), and
 * of a comment type the reader's position may read (`users_position_comment_types`).
 */
export const commentScope = (actor: TActor): TWhereOf<"Comment"> => {
  const on: TWhereOf<"Comment">[] = [];
  if (can(actor.permissions, "users", "read")) on.push({ addressableType: "users" });
  if (can(actor.permissions, "timeplans", "read"))
    on.push({ addressableType: "time_plans", timePlan: { is: timePlanScope(actor) } });
  if (can(actor.permissions, "vessels", "read"))
    on.push({ addressableType: "vessels", vessel: { is: vesselScope(actor) } });
  if (can(actor.permissions, "taskManager", "read")) on.push({ addressableType: "tasks" });
  if (!on.length) return { id: { in: [] } };
  return {
    AND: [
      { OR: on },
      {
        OR: [
          { category: null },
          { commentType: { positions: { some: { position: actor.role, canRead: true } } } },
        ],
      },
    ],
  };
};

/** The plan's label text of a comment body. */
const labelText = (body: string): string => excerpt(plainText(body), 200);

const isCommentable = (t: string): t is TCommentableType =>
  t === "users" || t === "time_plans" || t === "vessels" || t === "tasks";

/** A cleaned body, its mentions checked: 422 on `body` when it is empty (and may not be) or names nobody. */
const cleanBody = async (
  repo: TCommentsRepository,
  raw: string | undefined,
  mayBeEmpty: boolean,
): Promise<{ body: string; mentions: number[] }> => {
  const body = sanitizeBody(raw ?? "");
  if (!mayBeEmpty && !plainText(body)) throw AppError.invalid([{ field: "body", message: "can't be blank" }]);
  const mentions = mentionIds(body);
  const found = await repo.existingClients(mentions);
  const missing = mentions.filter((id) => !found.has(id));
  if (missing.length)
    throw AppError.invalid([
      { field: "body", message: `mentions staff that do not exist (client ${missing.join(", ")})` },
    ]);
  return { body, mentions };
};

/** The category (comment type) of a new comment: users only, must exist, the position must be allowed to create it. */
const checkCategory = async (
  repo: TCommentsRepository,
  actor: TActor,
  type: TCommentableType,
  category: string | null | undefined,
) => {
  if (!category) return null;
  if (type !== "users")
    throw AppError.invalid([{ field: "category", message: "is given to comments on applicants only" }]);
  const found = await repo.commentType(category);
  if (!found) throw AppError.invalid([{ field: "category", message: "is not a comment type" }]);
  if (!(await repo.allowed(actor.role, category, "create")))
    throw AppError.forbidden(`Your position may not add comments of type ${found.title}.`);
  return found;
};

/** The interaction's applicant changes, only those the form sent. */
const applicantChanges = (input: TInteraction): TApplicantChanges => {
  const c: TApplicantChanges = {};
  if (input.readiness_date !== undefined) c.readinessDate = input.readiness_date;
  if (input.crewing_status_id !== undefined) c.crewingStatusId = input.crewing_status_id;
  if (input.ukr_crewing_id !== undefined) c.ukrCrewingId = input.ukr_crewing_id;
  if (input.crewell_id !== undefined) c.crewellId = input.crewell_id;
  if (input.maritime_zone_id !== undefined) c.maritimeZoneId = input.maritime_zone_id;
  if (input.wage !== undefined) c.wage = input.wage;
  if (input.hot !== undefined) c.hot = input.hot;
  return c;
};

/** The answer of a comment write: the comment as show reads it, with the spec's notice. */
const answer = async (ctx: TActionCtx<TCommentsRepository>, id: number, message: string) => {
  const doc = await ctx.kernel.serviceOf("comments").show(ctx.actor, id, { include: "author" });
  return { status: 201, document: { ...doc, meta: { ...doc.meta, message } } };
};

/**
 * Comments (docs/interactions.md): one resource over every addressable type, nested under each
 * (`GET /{type}/{id}/comments`); bodies sanitised, mentions notified, interactions written with
 * their event, file and the applicant's changes in one transaction.
 */
export const commentsBinding: TResourceEntry = bindResource(
  comments,
  "Comment",
  commentsRepository,
)({
  scope: commentScope,
  include: {
    author: { select: { name: true, avatar: true } },
    event: { include: { commentSource: { select: { title: true } } } },
    mentions: { select: { clientId: true } },
  },
  filters: {
    category: (value) => ({ category: String(value) }),
    created_from: (value) => (value instanceof Date ? { createdAt: { gte: value } } : {}),
    created_to: (value) =>
      value instanceof Date ? { createdAt: { lt: new Date(value.getTime() + DAY) } } : {},
    has_event: (value) => (value === true ? { event: { isNot: null } } : { event: { is: null } }),
  },
  computed: {
    author_name: (row) => loaded(row).author?.name ?? PLACEHOLDER_AUTHOR,
    author_avatar: (row) => loaded(row).author?.avatar ?? null,
    event: (row) => {
      const e = loaded(row).event;
      return e
        ? {
            event_type: e.eventType,
            event_result: e.eventResult,
            event_result1: e.eventResult1,
            event_result2: e.eventResult2,
            comment_source_id: e.commentSourceId,
            comment_source: e.commentSource?.title ?? null,
          }
        : null;
    },
    event_result: (row) => loaded(row).event?.eventResult ?? null,
    mention_ids: (row) => loaded(row).mentions.map((m) => m.clientId),
    editable: (row, actor) =>
      row.authorId === actor.id && Date.now() - row.createdAt.getTime() < COMMENT_EDIT_WINDOW_MS,
  },
  // PATCH comments/{id}: the body only, by its author, within 15 minutes (versions keep both texts).
  async toData(input, _defaults, ctx) {
    const before = ctx.before;
    if (!before) throw AppError.badRequest("Comments are added with POST /api/comments.");
    if (before.authorId !== ctx.actor.id) throw AppError.forbidden("Only its author may change a comment.");
    if (Date.now() - before.createdAt.getTime() >= COMMENT_EDIT_WINDOW_MS)
      throw AppError.forbidden("A comment can be changed for 15 minutes after it was written.");
    const raw = input.attributes.body;
    if (typeof raw !== "string") return {};
    const { body } = await cleanBody(ctx.repo, raw, false);
    return { body, editedAt: new Date() };
  },
  async afterWrite(after, ctx) {
    const added = await ctx.repo.replaceMentions(after.id, mentionIds(after.body));
    if (after.authorId !== null && isCommentable(after.addressableType))
      await notifyComment(
        ctx.repo,
        {
          id: after.id,
          body: after.body,
          addressableType: after.addressableType,
          addressableId: after.addressableId,
          authorId: after.authorId,
        },
        added,
        { mentionsOnly: true },
      );
    if (after.timePlanId !== null) {
      await ctx.repo.refreshPlanComment(after.timePlanId, labelText);
      ctx.touched("time_plans", [after.timePlanId]);
    }
  },
  actions: {
    async create(ctx) {
      const { actor, input } = ctx;
      const type = input.addressable_type;
      // The record commented on must be one the caller may read (404 otherwise).
      await ctx.kernel.serviceOf(type).find(actor, input.addressable_id);
      await checkCategory(ctx.repo, actor, type, input.category);
      const { body, mentions } = await cleanBody(ctx.repo, input.body, false);
      const id = await ctx.transaction(async (repo) => {
        const row = await repo.create(
          {
            body,
            authorId: actor.id,
            addressableType: type,
            addressableId: input.addressable_id,
            category: input.category ?? null,
          },
          mentions,
        );
        if (type === "time_plans") await repo.refreshPlanComment(input.addressable_id, labelText);
        await notifyComment(repo, { ...row, addressableType: type, authorId: actor.id }, mentions);
        return row.id;
      });
      // The planners' labels show the plan's newest comment: tell them (docs/live.md).
      if (type === "time_plans") ctx.kernel.publish("time_plans", [input.addressable_id], "update", actor);
      ctx.kernel.publish("comments", [id], "create", actor);
      return answer(ctx, id, COMMENT_NOTICES.created);
    },

    async interaction(ctx) {
      const { actor, input } = ctx;
      await ctx.kernel.serviceOf("users").find(actor, input.user_id);
      const changes = applicantChanges(input);
      if (Object.keys(changes).length) requireAccess(actor, "users", "update");
      const type = await checkCategory(ctx.repo, actor, "users", input.category);
      if (!type) throw AppError.invalid([{ field: "category", message: "can't be blank" }]);
      if (input.event_result && !type.results.some((r) => r.title === input.event_result))
        throw AppError.invalid([{ field: "event_result", message: `is not a result of ${type.title}` }]);
      if (input.comment_source_id && !(await ctx.repo.sourceExists(input.comment_source_id)))
        throw AppError.invalid([{ field: "comment_source_id", message: "must exist" }]);
      if (input.crewing_status_id && !(await ctx.repo.crewingStatusExists(input.crewing_status_id)))
        throw AppError.invalid([{ field: "crewing_status_id", message: "must exist" }]);
      const { body, mentions } = await cleanBody(ctx.repo, input.body, true);
      const [file, ...more] = ctx.uploads;
      if (more.length) throw AppError.invalid([{ field: "file", message: "takes one file" }]);

      let created = 0;
      const write = (inner?: (repo: TCommentsRepository) => Promise<void>) =>
        ctx.transaction(async (repo) => {
          const row = await repo.create(
            {
              body,
              authorId: actor.id,
              addressableType: "users",
              addressableId: input.user_id,
              category: type.code,
            },
            mentions,
          );
          created = row.id;
          await repo.createEvent({
            commentId: row.id,
            eventType: type.code,
            eventResult: input.event_result ?? null,
            eventResult1: input.event_result1 ?? null,
            eventResult2: input.event_result2 ?? null,
            commentSourceId: input.comment_source_id ?? null,
          });
          await repo.updateApplicant(input.user_id, changes);
          await notifyComment(repo, { ...row, addressableType: "users", authorId: actor.id }, mentions);
          if (inner) await inner(repo);
        });
      if (file)
        // The object first, then comment, event, applicant and the file's row in one transaction (kernel files).
        await attachUploads(
          ctx.kernel,
          actor,
          ctx.def,
          () => created,
          "attachment",
          [file],
          (fn) => write((repo) => fn(repo.client)),
        );
      else await write();
      ctx.kernel.publish("comments", [created], "create", actor);
      return answer(
        ctx,
        created,
        Object.keys(changes).length ? COMMENT_NOTICES.interaction : COMMENT_NOTICES.created,
      );
    },

    async create_event(ctx) {
      const { actor, input } = ctx;
      // The comment must be one the caller reads (404 otherwise) and wrote.
      await ctx.kernel.serviceOf("comments").find(actor, input.comment_id);
      const row = await ctx.repo.find(input.comment_id);
      if (!row) throw AppError.notFound(`Comment ${input.comment_id} not found`);
      if (row.authorId !== actor.id) throw AppError.forbidden("Only its author may add a comment's event.");
      if (row.userId === null)
        throw AppError.invalid([{ field: "comment_id", message: "must be a comment on an applicant" }]);
      if (row.event) throw AppError.invalid([{ field: "comment_id", message: "has an event already" }]);
      if (row.category && row.category !== input.event_type)
        throw AppError.invalid([{ field: "event_type", message: "must be the comment's category" }]);
      const type = await checkCategory(ctx.repo, actor, "users", input.event_type);
      if (!type) throw AppError.invalid([{ field: "event_type", message: "can't be blank" }]);
      if (input.event_result && !type.results.some((r) => r.title === input.event_result))
        throw AppError.invalid([{ field: "event_result", message: `is not a result of ${type.title}` }]);
      if (input.comment_source_id && !(await ctx.repo.sourceExists(input.comment_source_id)))
        throw AppError.invalid([{ field: "comment_source_id", message: "must exist" }]);
      const userId = row.userId;
      await ctx.transaction(async (repo) => {
        if (!row.category) await repo.setCategory(row.id, type.code);
        await repo.createEvent({
          commentId: row.id,
          eventType: type.code,
          eventResult: input.event_result ?? null,
          eventResult1: input.event_result1 ?? null,
          eventResult2: input.event_result2 ?? null,
          commentSourceId: input.comment_source_id ?? null,
        });
        await repo.updateApplicant(userId, {});
      });
      ctx.kernel.publish("comments", [row.id], "update", actor);
      return answer(ctx, row.id, COMMENT_NOTICES.created);
    },

    async mention_candidates(ctx) {
      return { document: { data: await ctx.repo.mentionCandidates() } };
    },

    async interaction_options(ctx) {
      return { document: await ctx.repo.formOptions(ctx.actor.role) };
    },

    async destroy(ctx) {
      const { actor } = ctx;
      const row = await ctx.repo.find(ctx.id);
      if (!row) throw AppError.notFound(`Comment ${ctx.id} not found`);
      if (row.authorId !== actor.id && !can(actor.permissions, "comments", "delete"))
        throw AppError.forbidden("Only its author or a role that deletes comments may delete a comment.");
      if (row.category && !(await ctx.repo.allowed(actor.role, row.category, "delete")))
        throw AppError.forbidden("Your position may not delete comments of this type.");
      const keys = await ctx.transaction(async (repo) => {
        const removed = await repo.remove(row.id);
        if (row.userId !== null) await repo.updateApplicant(row.userId, {});
        if (row.timePlanId !== null) await repo.refreshPlanComment(row.timePlanId, labelText);
        return removed;
      });
      await deleteObjects(ctx.kernel.storage, keys, ctx.kernel);
      if (row.timePlanId !== null) ctx.kernel.publish("time_plans", [row.timePlanId], "update", actor);
      ctx.kernel.publish("comments", [row.id], "delete", actor);
      return { status: 200, document: { meta: { message: COMMENT_NOTICES.deleted } } };
    },
  },
});
