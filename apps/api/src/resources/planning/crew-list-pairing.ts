import { AppError, type TFieldIssue } from "../../errors/app-error.js";
import type { TCrewChangesRepository } from "./crew-changes-repository.js";
import { dmyDay as day } from "./row-read.js";

export interface TPair {
  signOnId: number | null;
  signOffId: number | null;
}

interface TCrewChangeDates {
  id: number;
  vesselId: number;
  date: Date;
  dateSignOn: Date | null;
}

type TNamed = { user: { name: string | null; surname: string } | null };
/** "Ronald Castro", or "the vacancy" of a plan without a seafarer. */
export const seafarerOf = (plan: TNamed): string =>
  plan.user ? [plan.user.name, plan.user.surname].filter(Boolean).join(" ") : "the vacancy";
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The refusal of a move onto days another plan holds, as a sentence naming both and the days. */
export const clashSentence = (
  plan: TNamed,
  move: string,
  clash: TNamed & { start: Date; end: Date },
): string =>
  `${capital(seafarerOf(plan))} cannot ${move}: ${seafarerOf(clash)} is planned from ${day(clash.start)} to ${day(clash.end)}.`;

/** The date a sign-on plan starts at this crew change: its sign-on date, else its date. */
export const signOnDate = (cc: TCrewChangeDates): Date => cc.dateSignOn ?? cc.date;

/**
 * Checks a crew-list row against its crew change and the other rows (spec 002 §3, §4): at
 * least one side; each plan on this crew change's vessel; both sides on the same manning-scale
 * row (a relief relieves the seafarer of that row); a plan in one row of a crew change only.
 */
export const checkPair = async (
  repo: TCrewChangesRepository,
  cc: TCrewChangeDates,
  pair: TPair,
  exceptRowId: number | undefined,
  field = (name: string) => name,
): Promise<void> => {
  const issues: TFieldIssue[] = [];
  if (pair.signOnId === null && pair.signOffId === null) {
    throw AppError.invalid([
      {
        field: field("sign_on_id"),
        message: "give the plan that signs on, the plan that signs off, or both",
      },
    ]);
  }
  const plans = {
    on: pair.signOnId ? await repo.plan(pair.signOnId) : null,
    off: pair.signOffId ? await repo.plan(pair.signOffId) : null,
  };
  for (const [side, id, plan] of [
    ["sign_on_id", pair.signOnId, plans.on],
    ["sign_off_id", pair.signOffId, plans.off],
  ] as const) {
    if (id === null) continue;
    if (!plan) issues.push({ field: field(side), message: "must exist" });
    else if (plan.manningScale.vesselId !== cc.vesselId)
      issues.push({ field: field(side), message: "must be a plan on this crew change's vessel" });
  }
  if (issues.length) throw AppError.invalid(issues);
  if (plans.on && plans.off) {
    if (plans.on.id === plans.off.id)
      throw AppError.invalid([{ field: field("sign_off_id"), message: "cannot be the plan that signs on" }]);
    if (plans.on.manningScaleId !== plans.off.manningScaleId) {
      throw AppError.invalid([
        {
          field: field("sign_off_id"),
          message: "must be on the same manning-scale row as the plan that signs on",
        },
      ]);
    }
  }
  const others = (await repo.rowsOf(cc.id)).filter((r) => r.id !== exceptRowId);
  for (const [side, id] of [
    ["sign_on_id", pair.signOnId],
    ["sign_off_id", pair.signOffId],
  ] as const) {
    if (id !== null && others.some((r) => r.signOnId === id || r.signOffId === id)) {
      issues.push({ field: field(side), message: "is already in this crew list" });
    }
  }
  if (issues.length) throw AppError.invalid(issues);
};

/**
 * Keeps the plans consistent with the crew list: a sign-on's plan starts at the crew change,
 * a sign-off's ends there, each linked to it; a plan that left the list is unlinked (its dates
 * stay). A move that would overlap another plan of the row or of the seafarer is refused.
 */
export const alignPlans = async (
  repo: TCrewChangesRepository,
  cc: TCrewChangeDates,
  pair: TPair,
  previous: TPair | null,
  touched: (type: string, ids: readonly number[]) => void,
  field = (name: string) => name,
): Promise<void> => {
  const moved = [previous?.signOnId, previous?.signOffId, pair.signOnId, pair.signOffId].flatMap((id) =>
    id ? [id] : [],
  );
  touched("time_plans", moved);
  if (previous?.signOnId && previous.signOnId !== pair.signOnId)
    await repo.movePlan(previous.signOnId, { crewChangeSignOnId: null });
  if (previous?.signOffId && previous.signOffId !== pair.signOffId)
    await repo.movePlan(previous.signOffId, { crewChangeSignOffId: null });
  // The relieved seafarer first: shortening their plan frees the day their relief starts.
  if (pair.signOffId) {
    const plan = await repo.plan(pair.signOffId);
    if (plan) {
      if (plan.start > cc.date)
        throw AppError.invalid([
          {
            field: field("sign_off_id"),
            message: `${capital(seafarerOf(plan))} starts on ${day(plan.start)}, after the crew change on ${day(cc.date)}.`,
            sentence: true,
          },
        ]);
      const clash = await repo.conflict(plan, plan.start, cc.date);
      if (clash)
        throw AppError.invalid([
          {
            field: field("sign_off_id"),
            message: clashSentence(plan, `sign off on ${day(cc.date)}`, clash),
            sentence: true,
          },
        ]);
      await repo.movePlan(plan.id, { end: cc.date, crewChangeSignOffId: cc.id });
    }
  }
  if (pair.signOnId) {
    const plan = await repo.plan(pair.signOnId);
    if (plan) {
      const start = signOnDate(cc);
      if (plan.end < start)
        throw AppError.invalid([
          {
            field: field("sign_on_id"),
            message: `${capital(seafarerOf(plan))} ends on ${day(plan.end)}, before the crew change on ${day(start)}.`,
            sentence: true,
          },
        ]);
      const clash = await repo.conflict(plan, start, plan.end);
      if (clash)
        throw AppError.invalid([
          {
            field: field("sign_on_id"),
            message: clashSentence(plan, `sign on on ${day(start)}`, clash),
            sentence: true,
          },
        ]);
      await repo.movePlan(plan.id, { start, crewChangeSignOnId: cc.id });
    }
  }
};
