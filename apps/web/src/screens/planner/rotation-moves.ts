import { formatDay, pairPlans, sideAt, type TTogglePlan } from "@crew/contracts";

/** A plan picked for a new crew change, with what the dialog names it by. */
export interface TRotationPlan extends TTogglePlan {
  label: string;
  row: string;
  /** The seafarer's readiness date (ISO day), if the applicant record has one. */
  readiness: string | null;
}

/** A plan whose dates the crew change will change, and how. */
export interface TPlanMove {
  id: number;
  label: string;
  row: string;
  side: "sign_on_id" | "sign_off_id";
  from: { start: string; end: string };
  to: { start: string; end: string };
  /** A relief moved to start before the day the seafarer is ready (ISO day), else null. */
  beforeReadiness: string | null;
}

const dayOf = (iso: string): string => iso.split("T")[0] ?? iso;
const DAY = 86_400_000;
const distance = (a: string, b: string): number =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY;

/** "07.01.2027" from "2027-01-07" (the shared helper). */
export const dmy = (iso: string): string => formatDay(iso);

/**
 * Every plan a crew change on `date` (reliefs joining on `dateSignOn` when given) moves: the
 * relieved end there, the reliefs start there (the pairing of the contracts' rules). Plans
 * already ending or starting there are left out.
 */
export const rotationMoves = (
  plans: readonly TRotationPlan[],
  date: string,
  dateSignOn = "",
): TPlanMove[] => {
  if (!date) return [];
  const signOn = dateSignOn || date;
  const moves: TPlanMove[] = [];
  for (const pair of pairPlans(plans, date)) {
    for (const side of ["sign_off_id", "sign_on_id"] as const) {
      const plan = plans.find((p) => p.id === pair[side]);
      if (!plan) continue;
      const from = { start: dayOf(plan.start), end: dayOf(plan.end) };
      const to = side === "sign_off_id" ? { start: from.start, end: date } : { start: signOn, end: from.end };
      if (to.start === from.start && to.end === from.end) continue;
      const beforeReadiness =
        side === "sign_on_id" && plan.readiness && to.start < plan.readiness ? plan.readiness : null;
      moves.push({ id: plan.id, label: plan.label, row: plan.row, side, from, to, beforeReadiness });
    }
  }
  return moves;
};

/**
 * The date a crew change of these plans most likely has: where they meet. Among the days the
 * plans start or end, the one that moves them least (in total days) under the pairing rules;
 * the earlier of equals. A relief starting the day the relieved ends gives that day.
 */
export const meetingDate = (plans: readonly TRotationPlan[]): string => {
  const candidates = [...new Set(plans.flatMap((p) => [dayOf(p.start), dayOf(p.end)]))].sort();
  let best = "";
  let bestCost = Number.POSITIVE_INFINITY;
  for (const day of candidates) {
    const cost = plans.reduce(
      (sum, p) =>
        sum +
        (sideAt(p, day) === "sign_off_id" ? distance(dayOf(p.end), day) : distance(dayOf(p.start), day)),
      0,
    );
    if (cost < bestCost) {
      best = day;
      bestCost = cost;
    }
  }
  return best;
};
