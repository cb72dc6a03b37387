import type { TTx } from "../../db/client.js";
import { Prisma } from "../../generated/prisma/client.js";
import { documentCheckRepository } from "../document-matrix/document-check-repository.js";
import { timePlansRepository } from "../planning/time-plans-repository.js";
import { vacancyChannelRepository } from "./vacancy-channel-repository.js";
import { vacancyPlanRepository } from "./vacancy-plan-repository.js";

/** A candidate of the matching query, before the document check. */
export interface TCandidateRow {
  id: number;
  surname: string;
  name: string;
  readiness_date: Date | null;
  rank_title: string | null;
  holds: boolean;
  on_type: boolean;
  on_engine: boolean;
  type_contracts: number;
  applied: boolean;
}

/** What the public pages read of a vacancy. */
const publicSelect = {
  id: true,
  start: true,
  contractDuration: true,
  wage: true,
  description: true,
  requirements: true,
  published: true,
  sources: true,
  publishedAt: true,
  validThrough: true,
  updatedAt: true,
  rank: { select: { title: true } },
  vessel: {
    select: {
      name: true,
      vesselType: { select: { title: true } },
      flag: { select: { name: true } },
    },
  },
} as const;

/** Vacancies and applications: the only code here that touches Prisma; in the caller's transaction or on the pool. */
export const vacanciesRepository = (db: TTx) => ({
  plans: timePlansRepository(db),
  planSync: vacancyPlanRepository(db),
  documents: documentCheckRepository(db),
  channel: vacancyChannelRepository(db),

  vacancy(id: number) {
    return db.vacancy.findUnique({
      where: { id },
      include: {
        rank: { select: { id: true, title: true } },
        vessel: {
          select: {
            id: true,
            name: true,
            vesselTypeId: true,
            mainEngine: { select: { engineTypeId: true } },
            vesselType: { select: { title: true } },
            ownerVessel: { select: { ownerId: true } },
          },
        },
        timePlan: {
          select: { id: true, start: true, end: true, userId: true, status: true, manningScaleId: true },
        },
      },
    });
  },

  /** Serialises writes of one vacancy's applications (approvals) until the transaction ends. */
  async lockVacancy(id: number): Promise<void> {
    await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('vacancies'), ${id})`;
  },

  publish(id: number, sources: string[], at: Date) {
    return db.vacancy.update({ where: { id }, data: { published: true, sources, publishedAt: at } });
  },

  /** Writes the vacancy's own changes back to its vacancy plan (joining date, wage, description). */
  async pushToPlan(
    timePlanId: number,
    v: { start: Date; wage: number | null; description: string | null; published: boolean },
  ): Promise<boolean> {
    const changed = await db.timePlan.updateMany({
      where: { id: timePlanId, status: "vacancy" },
      data: { offer: v.wage, vacancyDescription: v.description, toPublish: v.published },
    });
    return changed.count > 0;
  },

  /** An active manning-scale row of the vessel for the rank (where an approval without a plan goes). */
  rowFor(vesselId: number, rankId: number) {
    return db.manningScale.findFirst({
      where: { vesselId, rankId, state: "active" },
      select: { id: true },
      orderBy: { id: "asc" },
    });
  },

  createPlan(data: { manningScaleId: number; userId: number; start: Date; end: Date; authorId: number }) {
    return db.timePlan.create({ data: { ...data, status: "approved" }, select: { id: true } });
  },

  fillPlan(id: number, userId: number) {
    return db.timePlan.update({
      where: { id },
      data: { userId, status: "approved", offer: null, vacancyDescription: null, toPublish: false },
      select: { id: true },
    });
  },

  /** Back to a vacancy: the approved seafarer withdrew before signing on. */
  async emptyPlan(id: number, userId: number): Promise<boolean> {
    const changed = await db.timePlan.updateMany({
      where: { id, userId, status: "approved" },
      data: { userId: null, status: "vacancy" },
    });
    return changed.count > 0;
  },

  linkPlan(vacancyId: number, timePlanId: number) {
    return db.vacancy.update({ where: { id: vacancyId }, data: { timePlanId, published: false } });
  },

  apply(id: number) {
    return db.vacancyApply.findUnique({
      where: { id },
      select: { id: true, vacancyId: true, candidateId: true, status: true },
    });
  },

  applyExists(vacancyId: number, candidateId: number) {
    return db.vacancyApply.findUnique({
      where: { vacancyId_candidateId: { vacancyId, candidateId } },
      select: { id: true },
    });
  },

  setApplyStatus(id: number, status: string) {
    return db.vacancyApply.update({ where: { id }, data: { status } });
  },

  addChange(vacancyApplyId: number, authorId: number | null, body: string, applyStatus: string) {
    return db.vacancyApplyChange.create({ data: { vacancyApplyId, authorId, body, applyStatus } });
  },

  /** Change comments of these applications, oldest first, by application. */
  async changesOf(ids: readonly number[]) {
    const out = new Map<
      number,
      { author: string | null; author_id: number | null; body: string; apply_status: string; date: string }[]
    >();
    if (!ids.length) return out;
    const rows = await db.vacancyApplyChange.findMany({
      where: { vacancyApplyId: { in: [...ids] } },
      select: {
        vacancyApplyId: true,
        authorId: true,
        body: true,
        applyStatus: true,
        createdAt: true,
        author: { select: { name: true } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    for (const r of rows)
      out.set(r.vacancyApplyId, [
        ...(out.get(r.vacancyApplyId) ?? []),
        {
          author: r.author?.name ?? null,
          author_id: r.authorId,
          body: r.body,
          apply_status: r.applyStatus,
          date: r.createdAt.toISOString(),
        },
      ]);
    return out;
  },

  async appliesCounts(vacancyIds: readonly number[]): Promise<Map<number, number>> {
    if (!vacancyIds.length) return new Map();
    const rows = await db.vacancyApply.groupBy({
      by: ["vacancyId"],
      where: { vacancyId: { in: [...vacancyIds] } },
      _count: { _all: true },
    });
    return new Map(rows.map((r) => [r.vacancyId, r._count._all]));
  },

  /**
   * Candidates of a vacancy, best first, before the document check: applicants who hold the
   * rank or were promoted to it, ready by the joining date, with no plan sharing a day with
   * [start, end); sea service on the vessel's type, then its engine type, first. Two index
   * paths (role_id, the promotions' GIN), then the plans' (user_id, start, end) index per row.
   */
  candidates(q: {
    rankId: number;
    rankTitle: string;
    start: Date;
    end: Date;
    vesselTypeId: number | null;
    engineTypeId: number | null;
    vacancyId: number;
    limit: number;
  }): Promise<TCandidateRow[]> {
    const vt = q.vesselTypeId ?? 0;
    const et = q.engineTypeId ?? 0;
    return db.$queryRaw<TCandidateRow[]>(Prisma.sql`
      WITH pool AS (
        -- Holders of the rank (one range of users_match_rank_ready), then those promoted to it who
        -- do not hold it (the GIN index; readiness checked on the few rows, "+ 0" keeps the planner
        -- from ANDing in the readiness index). The columns are read here: no second lookup per row.
        SELECT u.id, u.surname, u.name, u.readiness_date, u.role_id, u.sea_vessel_type_ids, u.sea_engine_type_ids
          FROM users u WHERE u.role_id = ${q.rankId} AND NOT u.archived AND u.readiness_date <= ${q.start}
        UNION ALL
        SELECT u.id, u.surname, u.name, u.readiness_date, u.role_id, u.sea_vessel_type_ids, u.sea_engine_type_ids
          FROM users u
         WHERE u.promotions_roles @> ARRAY[${q.rankTitle}]::text[] AND NOT u.archived
           AND (u.readiness_date + 0) <= ${q.start} AND u.role_id IS DISTINCT FROM ${q.rankId}
      )
      SELECT u.id, u.surname, u.name, u.readiness_date, r.title AS rank_title,
             (u.role_id = ${q.rankId}) AS holds,
             (u.sea_vessel_type_ids @> ARRAY[${vt}]::int[]) AS on_type,
             (u.sea_engine_type_ids @> ARRAY[${et}]::int[]) AS on_engine,
             0 AS type_contracts,
             EXISTS (SELECT 1 FROM vacancy_applies a WHERE a.vacancy_id = ${q.vacancyId} AND a.candidate_id = u.id) AS applied
        FROM pool u
        LEFT JOIN ranks r ON r.id = u.role_id
       WHERE NOT EXISTS (SELECT 1 FROM time_plans p
                          WHERE p.user_id = u.id AND p.start < ${q.end} AND p."end" > ${q.start})
       ORDER BY on_type DESC, on_engine DESC, holds DESC, u.readiness_date DESC, u.id
       LIMIT ${q.limit}`);
  },

  /**
   * select_options: "Master · NORDIC STAR · 2027-03-01", the soonest first. Only vacancies whose
   * joining date has not passed: the picker is where a seafarer is applied to an open seat.
   */
  async options(q: string | undefined, size: number, scope: Prisma.VacancyWhereInput) {
    const text = q?.trim();
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const rows = await db.vacancy.findMany({
      where: {
        AND: [
          scope,
          { start: { gte: today } },
          text
            ? {
                OR: [
                  { rank: { title: { contains: text, mode: "insensitive" } } },
                  { vessel: { name: { contains: text, mode: "insensitive" } } },
                ],
              }
            : {},
        ],
      },
      select: {
        id: true,
        start: true,
        rank: { select: { title: true } },
        vessel: { select: { name: true } },
      },
      orderBy: [{ start: "asc" }, { id: "asc" }],
      take: size,
    });
    return rows.map((r) => ({
      id: r.id,
      label: `${r.rank.title} · ${r.vessel.name} · ${r.start.toISOString().slice(0, 10)}`,
    }));
  },

  /** Published vacancies still open on `today` (the public page, feed and sitemap). */
  openVacancies(today: Date, take: number) {
    return db.vacancy.findMany({
      where: {
        published: true,
        sources: { has: "site" },
        start: { gte: today },
        OR: [{ validThrough: null }, { validThrough: { gte: today } }],
      },
      select: publicSelect,
      orderBy: [{ start: "asc" }, { id: "asc" }],
      take,
    });
  },

  publicVacancy(id: number) {
    return db.vacancy.findUnique({ where: { id }, select: publicSelect });
  },
});

export type TVacanciesRepository = ReturnType<typeof vacanciesRepository>;
export type TPublicVacancy = NonNullable<Awaited<ReturnType<TVacanciesRepository["publicVacancy"]>>>;
