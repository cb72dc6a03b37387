import type { TTx } from "../../db/client.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { isoDay } from "./row-read.js";
import { dateOf, epochMs, plainRows } from "../../db/plain-rows.js";
import { contractPrintRepository } from "../owner-contracts/contract-print-repository.js";
import { planningPrintRepository } from "./planning-print-repository.js";
import { planWarnings, type TPlannedSeafarer, type TPlanWarning } from "./planning-checks.js";
import { PLANNING_CHECKS } from "./planning-checks-repository.js";
import { vacancyPlanRepository } from "../vacancies/vacancy-plan-repository.js";

export interface TPlanConflict {
  id: number;
  start: Date;
  end: Date;
  vesselName: string;
  rowName: string;
  /** "Ronald Castro", or null for a vacancy. */
  seafarer: string | null;
}

/** A plan's seafarer as its label reads them (the `user` include's fields). */
export interface TPlanSeafarer {
  surname: string;
  name: string | null;
  readinessDate: Date | null;
  promotionsCount: number;
  telegramUserId: string | null;
}

export interface TPeriod {
  id: number;
  start: string;
  end: string;
  vessel_name: string;
  status: string;
}

const conflictSelect = {
  id: true,
  start: true,
  end: true,
  manningScale: { select: { name: true, vessel: { select: { name: true } } } },
  user: { select: { name: true, surname: true } },
} as const;

const toConflict = (p: {
  id: number;
  start: Date;
  end: Date;
  manningScale: { name: string; vessel: { name: string } | null };
  user: { name: string | null; surname: string } | null;
}): TPlanConflict => ({
  id: p.id,
  start: p.start,
  end: p.end,
  vesselName: p.manningScale.vessel?.name ?? "",
  rowName: p.manningScale.name,
  seafarer: p.user ? [p.user.name, p.user.surname].filter(Boolean).join(" ") : null,
});

/** Rows a plan may be put on: active rows of active vessels (within a partner's fleet when given). */
const plannableRowWhere = (vesselWhere: TWhereOf<"Vessel"> | undefined): TWhereOf<"ManningScale"> => ({
  state: "active",
  vessel: { is: { isActive: true, ...(vesselWhere ? { AND: [vesselWhere] } : {}) } },
});

/** Timeplans: overlaps, the seafarer's other plans, the row's offer, the planner's rows; inside the caller's transaction or on the pool. */
export const timePlansRepository = (db: TTx) => ({
  /** What the print-outs read. */
  print: planningPrintRepository(db),
  /** What contracts read (owner-contracts/). */
  contracts: contractPrintRepository(db),
  /** The vacancy a published vacancy plan makes (vacancies/). */
  vacancies: vacancyPlanRepository(db),

  /** Serialises plan writes on one row and one seafarer until the transaction ends (the overlap check is then exact). */
  async lock(manningScaleId: number, userId: number | null): Promise<void> {
    await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('time_plans.row'), ${manningScaleId})`;
    if (userId !== null)
      await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('time_plans.user'), ${userId})`;
  },

  /** Another plan of the row sharing a day with [start, end) (a relief may start the day the other ends). */
  async rowConflict(
    manningScaleId: number,
    start: Date,
    end: Date,
    exceptId: number | undefined,
  ): Promise<TPlanConflict | null> {
    const plan = await db.timePlan.findFirst({
      where: {
        manningScaleId,
        start: { lt: end },
        end: { gt: start },
        ...(exceptId ? { id: { not: exceptId } } : {}),
      },
      select: conflictSelect,
      orderBy: { start: "asc" },
    });
    return plan ? toConflict(plan) : null;
  },

  /** Another plan of the seafarer sharing a day with [start, end), on any vessel. */
  async seafarerConflict(
    userId: number,
    start: Date,
    end: Date,
    exceptId: number | undefined,
  ): Promise<TPlanConflict | null> {
    const plan = await db.timePlan.findFirst({
      where: {
        userId,
        start: { lt: end },
        end: { gt: start },
        ...(exceptId ? { id: { not: exceptId } } : {}),
      },
      select: conflictSelect,
      orderBy: { start: "asc" },
    });
    return plan ? toConflict(plan) : null;
  },

  /** Spec 002 §4: a vacancy's offer becomes its row's template offer. */
  async setTemplateOffer(manningScaleId: number, offer: number): Promise<boolean> {
    const changed = await db.manningScale.updateMany({
      where: { id: manningScaleId, OR: [{ templateOffer: null }, { templateOffer: { not: offer } }] },
      data: { templateOffer: offer },
    });
    return changed.count > 0;
  },

  /** The planning checks' warnings of these plans, by plan id (meta.warnings and the `warnings` attribute). */
  warnings(plans: readonly TPlannedSeafarer[]): Promise<Map<number, TPlanWarning[]>> {
    return planWarnings(db, plans, PLANNING_CHECKS);
  },

  manningScale(id: number) {
    return db.manningScale.findUnique({
      where: { id },
      select: { id: true, vesselId: true, rankId: true, state: true },
    });
  },

  /** The ids among `ids` of rows the writer may plan on. */
  async plannableRows(
    ids: readonly number[],
    vesselWhere: TWhereOf<"Vessel"> | undefined,
  ): Promise<Set<number>> {
    const rows = await db.manningScale.findMany({
      where: { id: { in: [...ids] }, ...plannableRowWhere(vesselWhere) },
      select: { id: true },
    });
    return new Set(rows.map((r) => r.id));
  },

  /** Every plan of these seafarers the reader may see: each plan shows the seafarer's other periods. */
  async periodsOf(userIds: readonly number[], scope: TWhereOf<"TimePlan">): Promise<Map<number, TPeriod[]>> {
    const out = new Map<number, TPeriod[]>();
    if (!userIds.length) return out;
    const plans = await db.timePlan.findMany({
      where: { AND: [{ userId: { in: [...userIds] } }, scope] },
      select: {
        id: true,
        userId: true,
        start: true,
        end: true,
        status: true,
        manningScale: { select: { vessel: { select: { name: true } } } },
      },
      orderBy: { start: "asc" },
    });
    for (const p of plans) {
      if (p.userId === null) continue;
      const list = out.get(p.userId) ?? [];
      list.push({
        id: p.id,
        start: isoDay(p.start),
        end: isoDay(p.end),
        vessel_name: p.manningScale.vessel?.name ?? "",
        status: p.status,
      });
      out.set(p.userId, list);
    }
    return out;
  },

  /** The applicant as the planner's user section shows them. */
  profileOf(userId: number) {
    return db.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        crewingApplicantId: true,
        surname: true,
        name: true,
        middle: true,
        birthday: true,
        status: true,
        readinessDate: true,
        wage: true,
        email: true,
        mobilePhone: true,
        promotionsCount: true,
        promotionsRoles: true,
        tagList: true,
        archived: true,
        vesselLastName: true,
        vesselLastRankTitle: true,
        vesselLastDateOn: true,
        lastContractSoff: true,
        validState: true,
        hasWarnings: true,
        countryBirth: { select: { name: true } },
        role: { select: { title: true } },
      },
    });
  },

  /** The address of each applicant's photo (stored files of users.avatar), by applicant. */
  async avatarsOf(userIds: readonly number[]): Promise<Map<number, string>> {
    if (!userIds.length) return new Map();
    const files = await db.storedFile.findMany({
      where: { recordType: "users", recordId: { in: [...userIds] }, name: "avatar" },
      select: { id: true, recordId: true, filename: true },
      orderBy: { position: "asc" },
    });
    return new Map(files.map((f) => [f.recordId, `/api/files/${f.id}/${encodeURIComponent(f.filename)}`]));
  },

  /** The first day each of these seafarers served with us (a plan on board or completed), for the newcomer mark. */
  async firstServiceOf(userIds: readonly number[]): Promise<Map<number, Date>> {
    if (!userIds.length) return new Map();
    const rows = await plainRows<{ user_id: number; first_ms: number }>(
      db,
      "crew_time_plans_first_service",
      `SELECT user_id, ${epochMs("min(start)")} AS first_ms FROM "public"."time_plans"
        WHERE user_id = ANY($1::int[]) AND status IN ('on_board', 'completed') GROUP BY user_id`,
      [[...userIds]],
    );
    return new Map(rows.map((r) => [r.user_id, new Date(r.first_ms)]));
  },

  /** What a plan's label shows of its seafarer, by applicant (as the `user` include reads it). */
  async seafarersOf(userIds: readonly number[]): Promise<Map<number, TPlanSeafarer>> {
    if (!userIds.length) return new Map();
    const rows = await plainRows<{
      id: number;
      surname: string;
      name: string | null;
      readiness_ms: number | null;
      promotions_count: number;
      telegram_user_id: string | null;
    }>(
      db,
      "crew_time_plans_seafarers",
      `SELECT id, surname, name, ${epochMs("readiness_date")} AS readiness_ms, promotions_count, telegram_user_id
         FROM "public"."users" WHERE id = ANY($1::int[])`,
      [[...userIds]],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          surname: r.surname,
          name: r.name,
          readinessDate: dateOf(r.readiness_ms),
          promotionsCount: r.promotions_count,
          telegramUserId: r.telegram_user_id,
        },
      ]),
    );
  },

  /** Port names by id (a plan's `port_name`). */
  async portNamesOf(portIds: readonly number[]): Promise<Map<number, string>> {
    if (!portIds.length) return new Map();
    const rows = await plainRows<{ id: number; name: string }>(
      db,
      "crew_time_plans_ports",
      `SELECT id, name FROM "public"."ports" WHERE id = ANY($1::int[])`,
      [[...portIds]],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** The scheduler's rows: active rows of active vessels, with vessel, owner and rank, in vessel and scale order. */
  plannerRows(vesselWhere: TWhereOf<"Vessel"> | undefined, today: Date) {
    return db.manningScale.findMany({
      where: plannableRowWhere(vesselWhere),
      select: {
        id: true,
        name: true,
        crewingPriority: true,
        templateOffer: true,
        rankId: true,
        // Open vacancies (not yet ended) on the row: the planner's "rows with vacancies" filter.
        _count: { select: { timePlans: { where: { status: "vacancy", end: { gte: today } } } } },
        rank: { select: { title: true, crewingPriority: true } },
        vessel: {
          select: {
            id: true,
            name: true,
            coordinatorId: true,
            ownerVessel: { select: { owner: { select: { id: true, title: true } } } },
          },
        },
      },
      orderBy: [{ vessel: { name: "asc" } }, { vesselId: "asc" }, { crewingPriority: "asc" }, { id: "asc" }],
    });
  },

  /** The rows of the chosen vessels and ranks the reader may see, in vessel and scale order (the time-plan print-out). */
  printRows(
    vesselIds: readonly number[],
    rankIds: readonly number[] | undefined,
    vesselWhere: TWhereOf<"Vessel"> | undefined,
  ) {
    return db.manningScale.findMany({
      where: {
        vesselId: { in: [...vesselIds] },
        state: "active",
        ...(vesselWhere ? { vessel: { is: vesselWhere } } : {}),
        ...(rankIds?.length ? { rankId: { in: [...rankIds] } } : {}),
      },
      select: { id: true, name: true, vesselId: true, vessel: { select: { name: true } } },
      orderBy: [{ vessel: { name: "asc" } }, { vesselId: "asc" }, { crewingPriority: "asc" }, { id: "asc" }],
    });
  },

  /** Vessels among `ids` the reader may see. */
  async visibleVessels(
    ids: readonly number[],
    vesselWhere: TWhereOf<"Vessel"> | undefined,
  ): Promise<Set<number>> {
    const rows = await db.vessel.findMany({
      where: { id: { in: [...ids] }, ...(vesselWhere ? { AND: [vesselWhere] } : {}) },
      select: { id: true },
    });
    return new Set(rows.map((r) => r.id));
  },

  printPlans(rowIds: readonly number[], from: Date, to: Date) {
    return db.timePlan.findMany({
      where: { manningScaleId: { in: [...rowIds] }, start: { lte: to }, end: { gte: from } },
      select: { manningScaleId: true, start: true, end: true, status: true, userId: true },
      orderBy: { start: "asc" },
    });
  },
});

export type TTimePlansRepository = ReturnType<typeof timePlansRepository>;
