import type { TActivityKind } from "@crew/contracts";
import { ACTIVITY_CHANGE_LABELS } from "@crew/contracts";
import { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";

/** One row of the timeline as the database gives it: when, what (`key`), who, and the kind's own values. */
export interface TActivityRow {
  at: Date;
  key: string;
  kind: TActivityKind;
  actor_id: number | null;
  /** The kind's values (a version's changes, a document's kind and number, a plan's vessel). */
  data: Record<string, unknown>;
}

/** Columns of the applicant whose changes are told (their names as History records them). */
const CHANGE_COLUMNS = Object.keys(ACTIVITY_CHANGE_LABELS);
/** Changes of a plan that mean it moved. */
const PLAN_MOVES = ["start", "end", "manning_scale_id", "status"];
/** Documents expiring within this many days are on the timeline ahead of time. */
export const EXPIRY_AHEAD_DAYS = 30;

/**
 * Each kind's rows for one applicant, newest first, older than the cursor: a branch of one
 * UNION ALL, each branch served by an index on the applicant (versions by item, documents and
 * plans by user_id), ordered and cut once. The caller names the kinds the reader may read.
 */
const branches = (userId: number, kinds: ReadonlySet<TActivityKind>, role: string): Prisma.Sql[] => {
  const out: Prisma.Sql[] = [];
  if (kinds.has("comment"))
    // Comments on the applicant of a type the reader's position may read (as the comments' own scope).
    out.push(Prisma.sql`
      SELECT c.created_at AS at, 'c:' || c.id AS key, 'comment' AS kind, c.author_id AS actor_id,
             jsonb_build_object('comment_id', c.id, 'body', c.body, 'category', ct.title,
                                'event', CASE WHEN e.id IS NULL THEN NULL
                                              ELSE jsonb_build_object('type', et.title, 'result', e.event_result, 'source', s.title) END) AS data
        FROM comments c
        LEFT JOIN comment_types ct ON ct.code = c.category
        LEFT JOIN comment_events e ON e.comment_id = c.id
        LEFT JOIN comment_types et ON et.code = e.event_type
        LEFT JOIN comment_sources s ON s.id = e.comment_source_id
       WHERE c.user_id = ${userId} AND c.addressable_type = 'users'
         AND (c.category IS NULL OR EXISTS (SELECT 1 FROM position_comment_types pc
                                             WHERE pc.comment_type_id = ct.id AND pc.position = ${role} AND pc.can_read))`);
  if (kinds.has("change"))
    out.push(Prisma.sql`
      SELECT v.created_at AS at, 'v:' || v.id AS key, 'change' AS kind, v.actor_id,
             jsonb_build_object('event', v.event, 'changes', v.changes) AS data
        FROM versions v
       WHERE v.item_type = 'users' AND v.item_id = ${userId}
         AND (v.event = 'create' OR v.changes ?| ${CHANGE_COLUMNS}::text[])`);
  if (kinds.has("document")) {
    out.push(Prisma.sql`
      SELECT d.created_at AS at, 'd:' || d.id AS key, 'document' AS kind, d.author_id AS actor_id,
             jsonb_build_object('action', 'added', 'document_id', d.id, 'title', k.title, 'number', d.number,
                                'valid_until', d.valid_until, 'renewed', false) AS data
        FROM applicant_documents d JOIN applicant_document_kinds k ON k.id = d.n_doc
       WHERE d.user_id = ${userId}`);
    out.push(Prisma.sql`
      SELECT d.valid_until::timestamp AS at, 'x:' || d.id AS key, 'document' AS kind, NULL::int AS actor_id,
             jsonb_build_object('action', CASE WHEN d.valid_until < current_date THEN 'expired' ELSE 'expires' END,
                                'document_id', d.id, 'title', k.title, 'number', d.number, 'valid_until', d.valid_until,
                                'renewed', EXISTS (SELECT 1 FROM applicant_documents o
                                                    WHERE o.user_id = d.user_id AND o.n_doc = d.n_doc AND o.id <> d.id
                                                      AND (o.valid_until IS NULL OR o.valid_until > d.valid_until))) AS data
        FROM applicant_documents d JOIN applicant_document_kinds k ON k.id = d.n_doc
       WHERE d.user_id = ${userId} AND d.valid_until <= current_date + ${EXPIRY_AHEAD_DAYS}::int`);
  }
  if (kinds.has("plan")) {
    const plan = Prisma.sql`'plan_id', p.id, 'vessel', vs.name, 'rank', r.title, 'start', p.start, 'end', p."end", 'status', p.status`;
    out.push(Prisma.sql`
      SELECT p.created_at AS at, 'p:' || p.id AS key, 'plan' AS kind, p.author_id AS actor_id,
             jsonb_build_object('action', 'planned', ${plan}) AS data
        FROM time_plans p
        JOIN manning_scales m ON m.id = p.manning_scale_id
        LEFT JOIN vessels vs ON vs.id = m.vessel_id
        LEFT JOIN ranks r ON r.id = m.rank_id
       WHERE p.user_id = ${userId}`);
    out.push(Prisma.sql`
      SELECT v.created_at AS at, 'v:' || v.id AS key, 'plan' AS kind, v.actor_id,
             jsonb_build_object('action', 'moved', 'changes', v.changes, ${plan}) AS data
        FROM time_plans p
        JOIN versions v ON v.item_type = 'time_plans' AND v.item_id = p.id
        JOIN manning_scales m ON m.id = p.manning_scale_id
        LEFT JOIN vessels vs ON vs.id = m.vessel_id
        LEFT JOIN ranks r ON r.id = m.rank_id
       WHERE p.user_id = ${userId} AND v.event = 'update' AND v.changes ?| ${PLAN_MOVES}::text[]`);
  }
  return out;
};

export const activityRepository = (db: TTx) => ({
  /** A page of the timeline: `size` rows older than `before` (moment and key), newest first. */
  async page(
    userId: number,
    kinds: ReadonlySet<TActivityKind>,
    role: string,
    size: number,
    before: { at: string; key: string } | null,
  ): Promise<TActivityRow[]> {
    const parts = branches(userId, kinds, role);
    if (!parts.length) return [];
    const older = before
      ? Prisma.sql`WHERE (a.at, a.key) < (${before.at}::timestamp, ${before.key})`
      : Prisma.empty;
    return db.$queryRaw<TActivityRow[]>`
      SELECT a.at, a.key, a.kind, a.actor_id, a.data
        FROM (${Prisma.join(parts, " UNION ALL ")}) a
        ${older}
       ORDER BY a.at DESC, a.key DESC
       LIMIT ${size}`;
  },

  /** Names of the staff who did something on a page (an account removed since has none). */
  async people(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.client.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, name: true },
    });
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Titles of the ranks and crewing statuses a page's changes name. */
  async titles(rankIds: readonly number[], statusIds: readonly number[]) {
    const [ranks, statuses] = await Promise.all([
      rankIds.length
        ? db.rank.findMany({ where: { id: { in: [...rankIds] } }, select: { id: true, title: true } })
        : [],
      statusIds.length
        ? db.crewingStatus.findMany({
            where: { id: { in: [...statusIds] } },
            select: { id: true, title: true },
          })
        : [],
    ]);
    return {
      ranks: new Map(ranks.map((r) => [r.id, r.title])),
      statuses: new Map(statuses.map((s) => [s.id, s.title])),
    };
  },
});
export type TActivityRepository = ReturnType<typeof activityRepository>;
