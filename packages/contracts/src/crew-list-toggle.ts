/**
 * The crew-list rules of spec 002 §4 ("Crew list sign-on/sign-off toggling for a timeplan"),
 * shared by the screens (which apply them as the user picks plans) and the tests. The server
 * checks every resulting row again (crew-list-pairing.ts on the API).
 */

/** A row of a crew list as the rule sees it. `ms_id` is the manning-scale row of its plans. */
export interface TToggleRow {
  id: string;
  sign_on_id: number | null;
  sign_off_id: number | null;
  ms_id: number | null;
}

/** The plan picked on the scheduler. Dates are ISO days or date-times (cut at 'T'). */
export interface TTogglePlan {
  id: number;
  ms_id: number;
  start: string;
  end: string;
}

export type TCrewListSide = "sign_on_id" | "sign_off_id";

/** What picking a plan does to the crew list. */
export type TCrewListToggle =
  | { kind: "clear"; rowId: string; side: TCrewListSide }
  | { kind: "delete"; rowId: string }
  | { kind: "fill"; rowId: string; side: TCrewListSide; planId: number }
  | { kind: "create"; side: TCrewListSide; planId: number; msId: number }
  | { kind: "inconsistent"; message: "Something went wrong"; debug: string };

const dayTime = (iso: string): number => Date.parse(`${iso.split("T")[0] ?? ""}T00:00:00Z`);

/**
 * Which side a plan takes at a crew change on `date`: the midpoint of its start and end decides.
 * A plan lying mostly after the crew change begins there (sign-on); one lying mostly before it
 * ends there (sign-off). (The spec's sentence "after the date means sign-off" is read as "the
 * date after the midpoint": the other reading would sign a relief off before they joined;
 * docs/decisions.md.)
 */
export const sideAt = (plan: Pick<TTogglePlan, "start" | "end">, date: string): TCrewListSide => {
  const middle = (dayTime(plan.start) + dayTime(plan.end)) / 2;
  return middle > dayTime(date) ? "sign_on_id" : "sign_off_id";
};

const opposite = (side: TCrewListSide): TCrewListSide =>
  side === "sign_on_id" ? "sign_off_id" : "sign_on_id";

/**
 * Picking `plan` for the crew list of a crew change on `date` (spec 002 §4):
 * - a plan already in a row: with both sides set, its side is cleared; with only its side set,
 *   the row is removed; a row that holds it in neither slot is inconsistent ('Something went wrong');
 * - otherwise the midpoint rule gives its side; a row of the same manning-scale row with that
 *   side free takes it (the relief and the seafarer relieved pair up), else a new row holds it.
 */
export const toggleCrewListPlan = (
  rows: readonly TToggleRow[],
  plan: TTogglePlan,
  date: string,
): TCrewListToggle => {
  const holding = rows.find((r) => r.sign_on_id === plan.id || r.sign_off_id === plan.id);
  if (holding) {
    const side: TCrewListSide | null =
      holding.sign_on_id === plan.id ? "sign_on_id" : holding.sign_off_id === plan.id ? "sign_off_id" : null;
    if (side === null)
      return {
        kind: "inconsistent",
        message: "Something went wrong",
        debug: `plan ${plan.id} matched row ${holding.id} in neither slot`,
      };
    return holding[opposite(side)] !== null
      ? { kind: "clear", rowId: holding.id, side }
      : { kind: "delete", rowId: holding.id };
  }
  const side = sideAt(plan, date);
  const partner = rows.find((r) => r.ms_id === plan.ms_id && r[side] === null && r[opposite(side)] !== null);
  if (partner) return { kind: "fill", rowId: partner.id, side, planId: plan.id };
  return { kind: "create", side, planId: plan.id, msId: plan.ms_id };
};

/** The rows of a new crew change from plans picked on the scheduler, by the same rules. */
export const pairPlans = (
  plans: readonly TTogglePlan[],
  date: string,
): { sign_on_id: number | null; sign_off_id: number | null }[] => {
  let rows: TToggleRow[] = [];
  for (const plan of plans) {
    const step = toggleCrewListPlan(rows, plan, date);
    if (step.kind === "fill")
      rows = rows.map((r) => (r.id === step.rowId ? { ...r, [step.side]: step.planId } : r));
    else if (step.kind === "create")
      rows = [
        ...rows,
        {
          id: `new-${rows.length}`,
          sign_on_id: null,
          sign_off_id: null,
          ms_id: step.msId,
          [step.side]: step.planId,
        },
      ];
  }
  return rows.map((r) => ({ sign_on_id: r.sign_on_id, sign_off_id: r.sign_off_id }));
};
