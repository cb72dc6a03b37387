import {
  VACANCY_APPLY_MOVES,
  VACANCY_APPLY_STATUS_LABELS,
  formatDay,
  type TVacancyApplyStatus,
} from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { addMonths } from "../document-matrix/document-check.js";
import type { TVacanciesRepository } from "./vacancies-repository.js";

/** A refusal of the status update, pointing at the payload's member. */
const refuse = (member: string, message: string): AppError =>
  new AppError("UNPROCESSABLE", message, [
    {
      status: "422",
      code: "invalid",
      title: message,
      detail: message,
      source: { pointer: `/payload/${member}` },
    },
  ]);

/** What a status move did beside the application: the plans it changed. */
export const moveStatus = async (
  repo: TVacanciesRepository,
  actor: { id: number },
  applyId: number,
  status: TVacancyApplyStatus,
  body: string | undefined,
): Promise<number[]> => {
  const first = await repo.apply(applyId);
  if (!first) throw AppError.notFound("Vacancy application not found");
  await repo.lockVacancy(first.vacancyId);
  const apply = await repo.apply(applyId);
  if (!apply) throw AppError.notFound("Vacancy application not found");
  const from = apply.status as TVacancyApplyStatus;
  const allowed = VACANCY_APPLY_MOVES[from] ?? [];
  if (!allowed.includes(status))
    throw refuse(
      "status",
      `An application ${VACANCY_APPLY_STATUS_LABELS[from] ?? from} cannot become ${VACANCY_APPLY_STATUS_LABELS[status]}` +
        (allowed.length
          ? ` (it may become ${allowed.map((s) => VACANCY_APPLY_STATUS_LABELS[s]).join(", ")}).`
          : "."),
    );
  const touched: number[] = [];
  const v = await repo.vacancy(apply.vacancyId);
  if (!v) throw AppError.notFound("Vacancy not found");
  if (status === "approved") touched.push(await approve(repo, actor, v, apply.candidateId));
  if (status === "withdrawn" && from === "approved" && v.timePlan) {
    if (await repo.emptyPlan(v.timePlan.id, apply.candidateId)) touched.push(v.timePlan.id);
  }
  await repo.setApplyStatus(apply.id, status);
  await repo.addChange(
    apply.id,
    actor.id,
    body?.trim() || `Status changed to ${VACANCY_APPLY_STATUS_LABELS[status]}`,
    status,
  );
  return touched;
};

type TVacancyRow = NonNullable<Awaited<ReturnType<TVacanciesRepository["vacancy"]>>>;

/**
 * Approval puts the seafarer on the vacancy's plan (status approved), or on a new plan of the
 * vessel's row for the rank when the vacancy has none, with the planner's rules: no two plans of
 * one row or of one seafarer share a day (a 422 naming the other plan). Answers the plan's id.
 */
const approve = async (
  repo: TVacanciesRepository,
  actor: { id: number },
  v: TVacancyRow,
  userId: number,
): Promise<number> => {
  const plan = v.timePlan;
  if (plan && plan.userId !== null && plan.userId !== userId)
    throw refuse("status", "The vacancy's plan is already filled by another seafarer.");
  const rowId = plan?.manningScaleId ?? (await repo.rowFor(v.vesselId, v.rankId))?.id;
  if (rowId === undefined)
    throw refuse(
      "status",
      `${v.vessel.name} has no active ${v.rank.title} row on its manning scale to plan on.`,
    );
  const start = plan?.start ?? v.start;
  const end = plan?.end ?? addMonths(v.start, v.contractDuration ?? 6);
  await repo.plans.lock(rowId, userId);
  if (!plan) {
    const onRow = await repo.plans.rowConflict(rowId, start, end, undefined);
    if (onRow)
      throw refuse(
        "status",
        `${onRow.seafarer ?? "A vacancy"} is already planned on this row from ${formatDay(onRow.start)} to ${formatDay(onRow.end)}.`,
      );
  }
  const elsewhere = await repo.plans.seafarerConflict(userId, start, end, plan?.id);
  if (elsewhere)
    throw refuse(
      "status",
      `${elsewhere.seafarer ?? "The seafarer"} is already planned on ${[
        elsewhere.vesselName,
        elsewhere.rowName,
      ]
        .filter(Boolean)
        .join(" · ")} from ${formatDay(elsewhere.start)} to ${formatDay(elsewhere.end)}.`,
    );
  if (plan) {
    await repo.fillPlan(plan.id, userId);
    await repo.linkPlan(v.id, plan.id);
    return plan.id;
  }
  const created = await repo.createPlan({ manningScaleId: rowId, userId, start, end, authorId: actor.id });
  await repo.linkPlan(v.id, created.id);
  return created.id;
};
