import { isoDay, type TMatrixDocumentsMark } from "@crew/contracts";
import { checkDocuments } from "./document-check.js";
import type { TDocumentCheckRepository } from "./document-check-repository.js";

const WORST: readonly TMatrixDocumentsMark["state"][] = ["missing", "expired", "expiring"];

/**
 * The applicants list's documents mark (issue 17 §2, docs/owners-terms.md "The applicants list"):
 * each applicant's next plan against the current document matrix of its vessel's owner for the
 * plan's rank, the same rule as the planner's warnings (`checkDocuments`). Applicants without a
 * plan ahead, or whose plan's owner has no current matrix with the rank as a row, get no mark
 * (the list falls back to `valid_state`). A page of applicants costs a few set-based queries.
 */
export const plannedMatrixMarks = async (
  repo: TDocumentCheckRepository,
  userIds: readonly number[],
  today: Date,
): Promise<Map<number, TMatrixDocumentsMark>> => {
  const out = new Map<number, TMatrixDocumentsMark>();
  const plans = await repo.nextPlans(userIds, today);
  if (!plans.length) return out;
  const matrices = await repo.currentMatrices(plans.flatMap((p) => (p.ownerId === null ? [] : [p.ownerId])));
  const covered = plans.flatMap((p) => {
    const matrix = p.ownerId === null ? undefined : matrices.get(p.ownerId);
    return matrix?.roles.has(p.rankId) ? [{ plan: p, matrix }] : [];
  });
  if (!covered.length) return out;
  const [held, coverage] = await Promise.all([
    repo.heldDocuments(covered.map((c) => c.plan.userId)),
    repo.coverage(),
  ]);
  for (const { plan, matrix } of covered) {
    const rows = checkDocuments(
      matrix.byRole.get(plan.rankId) ?? [],
      held.get(plan.userId) ?? [],
      coverage,
      plan.start,
      plan.end,
    ).filter((r) => r.required && (r.status !== "valid" || r.covers_tour === false));
    const statuses = new Set<TMatrixDocumentsMark["state"]>(
      rows.map((r) => (r.status === "valid" ? "expiring" : r.status)),
    );
    out.set(plan.userId, {
      state: WORST.find((s) => statuses.has(s)) ?? "valid",
      matrix: matrix.title,
      rank: plan.rank,
      vessel: plan.vessel,
      time_plan_id: plan.planId,
      joining_date: isoDay(plan.start),
      end_date: isoDay(plan.end),
      problems: rows.map((r) => ({
        document: r.document,
        status: r.status,
        covers_tour: r.covers_tour,
        valid_until: r.valid_until,
      })),
    });
  }
  return out;
};
