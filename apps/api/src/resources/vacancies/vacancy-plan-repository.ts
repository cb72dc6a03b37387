import type { TTx } from "../../db/client.js";

/** A vacancy plan as the vacancy follows it. */
export interface TVacancyPlan {
  id: number;
  manningScaleId: number;
  status: string;
  toPublish: boolean;
  start: Date;
  end: Date;
  offer: number | null;
  vacancyDescription: string | null;
}

const DAY = 86_400_000;
/** Whole months of [start, end), at least one (the contract of a plan). */
export const monthsOf = (start: Date, end: Date): number =>
  Math.max(1, Math.round((end.getTime() - start.getTime()) / (30.44 * DAY)));

/** The vacancy a vacancy plan makes (issue 18 §1): used by the timeplans' writes and the vacancies'. */
export const vacancyPlanRepository = (db: TTx) => ({
  /** The vacancy a vacancy plan made, by the plan. */
  ofPlan(timePlanId: number) {
    return db.vacancy.findUnique({
      where: { timePlanId },
      select: { id: true, published: true, sources: true },
    });
  },

  /**
   * A vacancy plan with to_publish makes or updates its vacancy (issue 18 §1); a plan no longer
   * a published vacancy unpublishes it (applications stay). Answers the vacancy's id, if any.
   */
  async syncFromPlan(plan: TVacancyPlan, authorId: number): Promise<number | null> {
    const existing = await db.vacancy.findUnique({
      where: { timePlanId: plan.id },
      select: { id: true, published: true, sources: true },
    });
    const publish = plan.status === "vacancy" && plan.toPublish;
    if (!publish) {
      if (existing?.published)
        await db.vacancy.update({ where: { id: existing.id }, data: { published: false } });
      return existing?.id ?? null;
    }
    const row = await db.manningScale.findUnique({
      where: { id: plan.manningScaleId },
      select: { rankId: true, vesselId: true },
    });
    if (!row || row.vesselId === null) return existing?.id ?? null;
    const data = {
      rankId: row.rankId,
      vesselId: row.vesselId,
      start: plan.start,
      contractDuration: monthsOf(plan.start, plan.end),
      wage: plan.offer,
      description: plan.vacancyDescription,
      published: true,
    };
    if (existing) {
      await db.vacancy.update({
        where: { id: existing.id },
        data: {
          ...data,
          ...(existing.published ? {} : { publishedAt: new Date() }),
          ...(existing.sources.length ? {} : { sources: ["site"] }),
        },
      });
      return existing.id;
    }
    const created = await db.vacancy.create({
      data: { ...data, timePlanId: plan.id, sources: ["site"], publishedAt: new Date(), authorId },
      select: { id: true },
    });
    return created.id;
  },
});
