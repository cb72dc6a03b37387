import { FIRST_APPLY_COMMENT, utcToday, type TVacancyApplyStatus } from "@crew/contracts";
import type { TDb } from "../../db/client.js";
import { runInTransaction } from "../../kernel/transaction-repository.js";
import { addMonths } from "../../resources/document-matrix/document-check.js";
import { moveStatus } from "../../resources/vacancies/apply-status.js";
import { vacanciesRepository } from "../../resources/vacancies/vacancies-repository.js";

/** The path of each demo application through the flow (one of each final status at least). */
const PATHS: readonly TVacancyApplyStatus[][] = [
  [],
  ["proposed"],
  ["rejected"],
  ["proposed", "rejected"],
  ["withdrawn"],
  ["proposed", "approved"],
  ["proposed", "approved", "signed_on"],
];

/**
 * Demo vacancies (issue 18 §5): every published vacancy plan ahead makes its vacancy, as the
 * scheduler's writes do; the first ones get applications of the matching candidates, moved
 * through the flow by the same code as update_status (approvals put the seafarer on the plan).
 */
export const seedVacancies = async (db: TDb): Promise<void> => {
  const admin = await db.client.findFirst({ where: { role: "admin" }, select: { id: true } });
  const authorId = admin?.id ?? null;
  const today = utcToday();
  const plans = await db.timePlan.findMany({
    where: { status: "vacancy", toPublish: true, start: { gte: today } },
    orderBy: [{ start: "asc" }, { id: "asc" }],
    take: 40,
  });
  const repo = vacanciesRepository(db);
  const ids: number[] = [];
  for (const plan of plans) {
    const id = await repo.planSync.syncFromPlan(plan, authorId ?? 0);
    if (id !== null) ids.push(id);
  }
  if (authorId === null) return;
  let path = 0;
  for (const vacancyId of ids.slice(0, 12)) {
    const v = await repo.vacancy(vacancyId);
    if (!v) continue;
    const candidates = await repo.candidates({
      rankId: v.rankId,
      rankTitle: v.rank.title,
      start: v.start,
      end: v.timePlan?.end ?? addMonths(v.start, v.contractDuration ?? 6),
      vesselTypeId: v.vessel.vesselTypeId,
      engineTypeId: v.vessel.mainEngine?.engineTypeId ?? null,
      vacancyId,
      limit: 3,
    });
    for (const c of candidates) {
      const steps = PATHS[path++ % PATHS.length] ?? [];
      try {
        await runInTransaction(db, { id: authorId, requestId: "seed" }, async (tx) => {
          const apply = await tx.vacancyApply.create({
            data: {
              vacancyId,
              candidateId: c.id,
              authorId,
              status: "processing",
              source: path % 3 ? "staff" : "site",
            },
          });
          await tx.vacancyApplyChange.create({
            data: {
              vacancyApplyId: apply.id,
              authorId,
              body: FIRST_APPLY_COMMENT,
              applyStatus: "processing",
            },
          });
          for (const status of steps)
            await moveStatus(vacanciesRepository(tx), { id: authorId }, apply.id, status, undefined);
        });
      } catch {
        // An approval the planner's rules refuse (the seafarer got planned meanwhile): that application is left out.
      }
    }
  }
};
