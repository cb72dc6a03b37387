import type { TTx } from "../../db/client.js";
import { planningPrintRepository } from "./planning-print-repository.js";

const planSelect = {
  id: true,
  manningScaleId: true,
  userId: true,
  start: true,
  end: true,
  status: true,
  crewChangeSignOnId: true,
  crewChangeSignOffId: true,
  manningScale: { select: { vesselId: true, name: true } },
  user: { select: { name: true, surname: true } },
} as const;

/** Crew changes, their crew-list rows and the plans those rows move; inside the caller's transaction or on the pool. */
export const crewChangesRepository = (db: TTx) => ({
  /** What the print-outs read. */
  print: planningPrintRepository(db),
  crewChange(id: number) {
    return db.crewChange.findUnique({ where: { id } });
  },
  plan(id: number) {
    return db.timePlan.findUnique({ where: { id }, select: planSelect });
  },
  rowsOf(crewChangeId: number) {
    return db.crewList.findMany({ where: { crewChangeId }, orderBy: { id: "asc" } });
  },
  async hasRows(crewChangeId: number): Promise<boolean> {
    return (await db.crewList.count({ where: { crewChangeId } })) > 0;
  },
  createRow(data: {
    crewChangeId: number;
    signOnId: number | null;
    signOffId: number | null;
    reasonId: number | null;
  }) {
    return db.crewList.create({ data });
  },
  /** Another plan of the row or of the seafarer that would share a day with [start, end). */
  conflict(plan: { id: number; manningScaleId: number; userId: number | null }, start: Date, end: Date) {
    return db.timePlan.findFirst({
      where: {
        id: { not: plan.id },
        start: { lt: end },
        end: { gt: start },
        OR: [
          { manningScaleId: plan.manningScaleId },
          ...(plan.userId === null ? [] : [{ userId: plan.userId }]),
        ],
      },
      select: { id: true, start: true, end: true, user: { select: { name: true, surname: true } } },
    });
  },
  async movePlan(
    id: number,
    data: {
      start?: Date;
      end?: Date;
      crewChangeSignOnId?: number | null;
      crewChangeSignOffId?: number | null;
      status?: string;
    },
  ): Promise<void> {
    await db.timePlan.update({ where: { id }, data });
  },
  plansSigningWith(crewChangeId: number) {
    return db.timePlan.findMany({
      where: { OR: [{ crewChangeSignOnId: crewChangeId }, { crewChangeSignOffId: crewChangeId }] },
      select: planSelect,
    });
  },
  /** How many seafarers sign on and off at each of these crew changes (the list's columns). */
  async signCounts(crewChangeIds: readonly number[]): Promise<Map<number, { on: number; off: number }>> {
    const out = new Map<number, { on: number; off: number }>(
      crewChangeIds.map((id) => [id, { on: 0, off: 0 }]),
    );
    if (!crewChangeIds.length) return out;
    const [on, off] = await Promise.all([
      db.timePlan.groupBy({
        by: ["crewChangeSignOnId"],
        where: { crewChangeSignOnId: { in: [...crewChangeIds] } },
        _count: { _all: true },
      }),
      db.timePlan.groupBy({
        by: ["crewChangeSignOffId"],
        where: { crewChangeSignOffId: { in: [...crewChangeIds] } },
        _count: { _all: true },
      }),
    ]);
    for (const g of on)
      if (g.crewChangeSignOnId !== null)
        out.set(g.crewChangeSignOnId, { on: g._count._all, off: out.get(g.crewChangeSignOnId)?.off ?? 0 });
    for (const g of off)
      if (g.crewChangeSignOffId !== null)
        out.set(g.crewChangeSignOffId, { on: out.get(g.crewChangeSignOffId)?.on ?? 0, off: g._count._all });
    return out;
  },
  /** The checklist tasks of these crew changes (subtasks of their checklist parent): all, and done or cancelled. */
  async checklistCounts(
    crewChangeIds: readonly number[],
  ): Promise<Map<number, { total: number; done: number }>> {
    const out = new Map<number, { total: number; done: number }>();
    if (!crewChangeIds.length) return out;
    const rows = await db.$queryRaw<{ item_id: number; total: number; done: number }[]>`
      SELECT p.item_id, count(*)::int AS total,
             count(*) FILTER (WHERE t.status IN ('done', 'cancelled'))::int AS done
        FROM tasks p JOIN tasks t ON t.addressable_task_id = p.id
       WHERE p.checklist AND p.item_type = 'crew_changes' AND p.item_id = ANY(${[...crewChangeIds]}::int[])
       GROUP BY p.item_id`;
    for (const r of rows) out.set(r.item_id, { total: r.total, done: r.done });
    return out;
  },
  async lockCrewChange(id: number): Promise<void> {
    await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('crew_changes'), ${id})`;
  },
  async signOffReasonExists(id: number): Promise<boolean> {
    return (await db.signOffReason.count({ where: { id } })) > 0;
  },
});

export type TCrewChangesRepository = ReturnType<typeof crewChangesRepository>;
