import {
  ACTIVITY_CHANGE_LABELS,
  ACTIVITY_PAGE_SIZE,
  readableActivityKinds,
  type TActivityChange,
  type TActivityItem,
  type TActivityKind,
  type TActivityQuery,
} from "@crew/contracts";
import type { TActionCtx, TActionResult } from "../../kernel/actions.js";
import { excerpt, plainText } from "../comments/comment-body.js";
import type { TActivityRepository, TActivityRow } from "./activity-repository.js";

/** The kinds this release reads (messages and task steps join when their areas exist). */
const SERVED: ReadonlySet<TActivityKind> = new Set(["comment", "change", "document", "plan"]);

type TValue = string | number | boolean | null;
const valueOf = (v: unknown): TValue =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : null;
const pairOf = (v: unknown): [unknown, unknown] => (Array.isArray(v) ? [v[0], v[1]] : [null, v]);
const isoDay = (v: unknown): string => (typeof v === "string" ? v.slice(0, 10) : "");
const textOf = (v: unknown): string => (typeof v === "string" ? v : "");
const idOf = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);

/** The ids of ranks and crewing statuses the changes on a page name (their titles are read at once). */
const namedIds = (rows: readonly TActivityRow[]) => {
  const ranks = new Set<number>();
  const statuses = new Set<number>();
  for (const r of rows) {
    if (r.kind !== "change") continue;
    const changes = (r.data.changes ?? {}) as Record<string, unknown>;
    for (const v of pairOf(changes.role_id).map(idOf)) if (v !== null) ranks.add(v);
    for (const v of pairOf(changes.crewing_status_id).map(idOf)) if (v !== null) statuses.add(v);
  }
  return { ranks: [...ranks], statuses: [...statuses] };
};

type TTitles = Awaited<ReturnType<TActivityRepository["titles"]>>;

/** An applicant's changes the timeline tells, in the order of ACTIVITY_CHANGE_LABELS, ids as titles. */
const applicantChanges = (
  changes: Record<string, unknown>,
  titles: TTitles,
  created: boolean,
): TActivityChange[] =>
  Object.entries(ACTIVITY_CHANGE_LABELS).flatMap(([column, label]) => {
    if (!(column in changes)) return [];
    const [before, after] = pairOf(changes[column]);
    const shown = (v: unknown): TValue => {
      const id = idOf(v);
      if (column === "role_id") return id === null ? null : (titles.ranks.get(id) ?? `#${id}`);
      if (column === "crewing_status_id") return id === null ? null : (titles.statuses.get(id) ?? `#${id}`);
      if (column === "readiness_date") return typeof v === "string" ? isoDay(v) : null;
      return valueOf(v);
    };
    const from = created ? null : shown(before);
    const to = shown(after);
    // A create records every column; only those it set say something.
    if (created && (to === null || to === false)) return [];
    return [{ column, label, from, to }];
  });

const PLAN_LABELS: Record<string, string> = {
  start: "Start",
  end: "End",
  manning_scale_id: "Row",
  status: "Status",
};
const planChanges = (changes: Record<string, unknown>): TActivityChange[] =>
  Object.entries(PLAN_LABELS).flatMap(([column, label]) => {
    if (!(column in changes)) return [];
    const [before, after] = pairOf(changes[column]);
    const shown = (v: unknown) => (column === "start" || column === "end" ? isoDay(v) || null : valueOf(v));
    return [{ column, label, from: shown(before), to: shown(after) }];
  });

const itemOf = (row: TActivityRow, people: Map<number, string>, titles: TTitles): TActivityItem => {
  const base = {
    id: row.key,
    at: row.at.toISOString(),
    actor:
      row.actor_id === null ? null : { id: row.actor_id, name: people.get(row.actor_id) ?? "Former user" },
  };
  const d = row.data;
  switch (row.kind) {
    case "comment": {
      const e = d.event && typeof d.event === "object" ? (d.event as Record<string, unknown>) : null;
      const orNull = (v: unknown) => (typeof v === "string" && v ? v : null);
      return {
        ...base,
        kind: "comment",
        comment_id: Number(d.comment_id),
        body: excerpt(plainText(textOf(d.body)), 600),
        category: orNull(d.category),
        event: e ? { type: orNull(e.type), result: orNull(e.result), source: orNull(e.source) } : null,
        attachment: null,
      };
    }
    case "change": {
      const event = d.event === "create" ? "create" : "update";
      return {
        ...base,
        kind: "change",
        event,
        changes: applicantChanges((d.changes ?? {}) as Record<string, unknown>, titles, event === "create"),
      };
    }
    case "document":
      return {
        ...base,
        kind: "document",
        action: d.action === "expired" ? "expired" : d.action === "expires" ? "expires" : "added",
        document_id: Number(d.document_id),
        title: textOf(d.title),
        number: textOf(d.number),
        valid_until: typeof d.valid_until === "string" ? isoDay(d.valid_until) : null,
        renewed: d.renewed === true,
      };
    case "plan":
      return {
        ...base,
        kind: "plan",
        action: d.action === "moved" ? "moved" : "planned",
        plan_id: Number(d.plan_id),
        vessel: typeof d.vessel === "string" ? d.vessel : null,
        rank: typeof d.rank === "string" ? d.rank : null,
        start: isoDay(d.start),
        end: isoDay(d.end),
        status: textOf(d.status),
        changes: d.action === "moved" ? planChanges((d.changes ?? {}) as Record<string, unknown>) : [],
      };
  }
};

const cursorOf = (item: Pick<TActivityItem, "at" | "id">): string => `${item.at}~${item.id}`;

/**
 * GET /api/users/{id}/activity (the kernel has checked users.read and that the applicant is in
 * the reader's scope): one page of the timeline, each kind only when the reader may read it,
 * plans only those in the reader's scope.
 */
export const activityAction = async (
  ctx: TActionCtx<{ activity: TActivityRepository }, TActivityQuery, number>,
): Promise<TActionResult> => {
  const readable = readableActivityKinds(ctx.actor.permissions).filter((k) => SERVED.has(k));
  const asked = ctx.input.filter?.kind;
  const kinds = new Set(asked ? readable.filter((k) => asked.includes(k)) : readable);
  const size = ctx.input.page?.size ?? ACTIVITY_PAGE_SIZE;
  const beforeRaw = ctx.input.page?.before;
  const before = beforeRaw
    ? { at: beforeRaw.slice(0, beforeRaw.indexOf("~")), key: beforeRaw.slice(beforeRaw.indexOf("~") + 1) }
    : null;
  // One more than the page says whether another follows.
  const rows = await ctx.repo.activity.page(ctx.id, kinds, ctx.actor.role, size + 1, before);
  const pageRows = rows.slice(0, size);
  const planIds = [...new Set(pageRows.flatMap((r) => (r.kind === "plan" ? [Number(r.data.plan_id)] : [])))];
  const hiddenPlans = new Set(
    planIds.length ? await ctx.kernel.serviceOf("time_plans").outOfScopeIds(ctx.actor, planIds) : [],
  );
  const shown = pageRows.filter((r) => r.kind !== "plan" || !hiddenPlans.has(Number(r.data.plan_id)));
  const ids = namedIds(shown);
  const [people, titles] = await Promise.all([
    ctx.repo.activity.people([...new Set(shown.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])))]),
    ctx.repo.activity.titles(ids.ranks, ids.statuses),
  ]);
  const items = shown.map((r) => itemOf(r, people, titles));
  const last = pageRows.at(-1);
  return {
    document: {
      data: items.map(({ id, ...attributes }) => ({ type: "activities", id, attributes })),
      meta: {
        kinds: [...readable],
        next: rows.length > size && last ? cursorOf({ at: last.at.toISOString(), id: last.key }) : null,
      },
    },
  };
};
