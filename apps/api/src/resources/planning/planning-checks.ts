import type { TTx } from "../../db/client.js";

/**
 * Checks run on plans of seafarers: their warnings come back in a write's answer
 * (`meta.warnings`), on a plan read alone, and as the plan's `warnings` attribute, so the
 * scheduler marks the plan and the editor lists them. A warning never refuses the write: a
 * coordinator may plan someone whose certificate is being renewed.
 *
 * Plug-in point: a check is a function of a page of plans over the database, listed in
 * PLANNING_CHECKS (planning-checks-repository.ts, where Prisma may be used). It reads what it
 * needs for all the plans at once (one query, not one per plan). The applicant records area adds
 * its document checks there; the owner's document matrix will make the rank check exact
 * (docs/planner.md "Planning warnings").
 */
export interface TPlanWarning {
  /** Stable code a screen may style by: document_expires, rank_document_missing, ... */
  code: string;
  title: string;
  detail: string;
}

export interface TPlannedSeafarer {
  id: number;
  status: string;
  userId: number | null;
  manningScaleId: number;
  start: Date;
  end: Date;
}

/** Warnings of each plan that has any, by plan id. */
export type TPlanningCheck = (
  db: TTx,
  plans: readonly (TPlannedSeafarer & { userId: number })[],
) => Promise<Map<number, TPlanWarning[]>>;

/** Every check's warnings (the caller passes PLANNING_CHECKS) for the plans with a seafarer (none for a vacancy), by plan id. */
export const planWarnings = async (
  db: TTx,
  plans: readonly TPlannedSeafarer[],
  checks: readonly TPlanningCheck[],
  today = new Date(),
): Promise<Map<number, TPlanWarning[]>> => {
  // Only what is still to be served concerns planning: a plan that ended, was completed or went to another agency is history.
  const staffed = plans.flatMap((p) =>
    p.userId === null || p.end < today || p.status === "completed" || p.status === "other_agency"
      ? []
      : [{ ...p, userId: p.userId }],
  );
  const out = new Map<number, TPlanWarning[]>();
  if (!staffed.length) return out;
  for (const found of await Promise.all(checks.map((check) => check(db, staffed)))) {
    for (const [id, warnings] of found) out.set(id, [...(out.get(id) ?? []), ...warnings]);
  }
  return out;
};
