import {
  formatDay,
  PLACEMENT_STATUSES,
  PLACEMENT_STATUS_COLOURS,
  PLACEMENT_STATUS_LABELS,
  ZPlacementStatus,
  type TCrewListProblems,
} from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import type { TActionFile } from "../../kernel/actions.js";
import { crewListDocx } from "../../print/crew-list-docx.js";
import { crewListProblems } from "../../print/crew-list-problems.js";
import { crewListXlsx, type TCrewList } from "../../print/crew-list-xlsx.js";
import { crewRoleXlsx } from "../../print/crew-role-xlsx.js";
import { timePlanXlsx } from "../../print/time-plan-xlsx.js";
import { partnerVesselWhere } from "../fleet/partner-scope.js";
import type { TCrewPlan, TPlanningPrintRepository } from "./planning-print-repository.js";
import type { TTimePlansRepository } from "./time-plans-repository.js";
import { isoDay } from "./row-read.js";

const DAY = 86_400_000;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** The Monday on or before a date (weeks of the time-plan print-out start on Mondays). */
const mondayOf = (d: Date): Date => new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
const today = (): Date => new Date(`${isoDay(new Date())}T00:00:00Z`);
const statusLabel = (s: string): string => {
  const status = ZPlacementStatus.safeParse(s);
  return status.success ? PLACEMENT_STATUS_LABELS[status.data] : s;
};
/** "Kovalenko A." for a cell of the time plan. */
const shortName = (family: string, given: string): string =>
  [family, given ? `${given.charAt(0)}.` : ""].filter(Boolean).join(" ");
/** File names keep letters, digits, spaces and a few marks (Content-Disposition encodes the rest). */
const safe = (s: string): string =>
  s
    .replace(/[^\p{L}\p{N} ._-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * GET /api/print/time_plan?date=&vessels=&roles=&months=: the plan of the chosen vessels and
 * ranks from the month before `date` for `months` months (default 6), one row per vessel and
 * rank, a column per week under the months, each plan coloured by its status.
 */
export const printTimePlan = async (
  repo: TTimePlansRepository,
  actor: TActor,
  input: {
    date: Date;
    to?: Date | undefined;
    vessels: number[];
    roles?: number[] | undefined;
    months?: number | undefined;
  },
): Promise<TActionFile> => {
  const vesselWhere = partnerVesselWhere(actor);
  const visible = await repo.visibleVessels(input.vessels, vesselWhere);
  const hidden = input.vessels.filter((id) => !visible.has(id));
  if (hidden.length) throw AppError.notFound(`Vessel ${hidden.join(", ")} not found`);
  const months = input.months ?? 6;
  // A range given (what the scheduler shows): its weeks exactly; else the spec's months from the month before the date.
  const from = mondayOf(
    input.to ? input.date : new Date(Date.UTC(input.date.getUTCFullYear(), input.date.getUTCMonth() - 1, 1)),
  );
  if (input.to && input.to < input.date)
    throw AppError.invalid([{ field: "to", message: "must not be before the date" }]);
  if (input.to && input.to.getTime() - from.getTime() > 731 * DAY)
    throw AppError.invalid([{ field: "to", message: "must be within two years of the date" }]);
  const weeks = input.to
    ? Math.floor((input.to.getTime() - from.getTime()) / (7 * DAY)) + 1
    : Math.ceil((months * 30.5) / 7);
  const to = new Date(from.getTime() + weeks * 7 * DAY);
  const rows = await repo.printRows(input.vessels, input.roles, vesselWhere);
  const plans = await repo.printPlans(
    rows.map((r) => r.id),
    from,
    to,
  );
  const people = await repo.print.seafarers([
    ...new Set(plans.flatMap((p) => (p.userId === null ? [] : [p.userId]))),
  ]);
  const byRow = new Map<number, typeof plans>();
  for (const p of plans) byRow.set(p.manningScaleId, [...(byRow.get(p.manningScaleId) ?? []), p]);
  const body = await timePlanXlsx({
    from,
    weeks,
    colours: Object.fromEntries(PLACEMENT_STATUSES.map((s) => [s, `FF${PLACEMENT_STATUS_COLOURS[s]}`])),
    legend: PLACEMENT_STATUSES.map((s) => ({ status: s, label: PLACEMENT_STATUS_LABELS[s] })),
    rows: rows.map((r) => ({
      vessel: r.vessel?.name ?? "",
      rank: r.name,
      bars: (byRow.get(r.id) ?? []).map((p) => {
        const who = p.userId === null ? undefined : people.get(p.userId);
        return {
          start: p.start,
          end: p.end,
          status: p.status,
          label: who ? shortName(who.familyName, who.givenNames) : statusLabel(p.status),
        };
      }),
    })),
  });
  return { filename: `Time plan ${isoDay(input.date)}.xlsx`, contentType: XLSX, body };
};

/** A crew sorted by the manning scale's order, with names. */
const crewLines = async (print: TPlanningPrintRepository, plans: readonly TCrewPlan[]) => {
  const sorted = [...plans].sort(
    (a, b) => a.manningScale.crewingPriority - b.manningScale.crewingPriority || a.id - b.id,
  );
  const people = await print.seafarers(sorted.flatMap((p) => (p.userId === null ? [] : [p.userId])));
  return sorted.map((plan) => ({ plan, who: plan.userId === null ? undefined : people.get(plan.userId) }));
};

/** The crew of a crew change on arrival (before it: the relieved still aboard) or departure (after it: the reliefs aboard). */
const crewAtChange = async (
  print: TPlanningPrintRepository,
  cc: { id: number; date: Date; vesselId: number },
  direction: "arrival" | "departure",
): Promise<TCrewPlan[]> => {
  const [aboard, on, off] = await Promise.all([
    print.onBoard(cc.vesselId, cc.date),
    print.signing(cc.id, "on"),
    print.signing(cc.id, "off"),
  ]);
  const add = direction === "arrival" ? off : on;
  const drop = new Set((direction === "arrival" ? on : off).map((p) => p.id));
  const byId = new Map<number, TCrewPlan>();
  for (const p of [...aboard, ...add]) if (!drop.has(p.id)) byId.set(p.id, p);
  return [...byId.values()];
};

const CREW_ROLE_TITLES = { on_board: "On board", sign_on: "Signing on", sign_off: "Signing off" } as const;

/**
 * GET /api/print/crew_role?vessel_id=&type=on_board (who is aboard today) or
 * ?crew_change_id=&type=on_board|sign_on|sign_off (aboard after the crew change, or those
 * signing on or off there), by rank.
 */
export const printCrewRole = async (
  print: TPlanningPrintRepository,
  actor: TActor,
  request: { vesselId: number; type: keyof typeof CREW_ROLE_TITLES; crewChangeId: number | null },
): Promise<TActionFile> => {
  const vessel = await print.vessel(request.vesselId, partnerVesselWhere(actor));
  if (!vessel) throw AppError.notFound(`Vessel ${request.vesselId} not found`);
  const cc = request.crewChangeId === null ? null : await print.crewChange(request.crewChangeId);
  let plans: TCrewPlan[];
  let subtitle: string;
  if (!cc) {
    const day = today();
    plans = await print.onBoard(vessel.id, day);
    subtitle = `on board on ${formatDay(day)}`;
  } else {
    plans =
      request.type === "on_board"
        ? await crewAtChange(print, cc, "departure")
        : await print.signing(cc.id, request.type === "sign_on" ? "on" : "off");
    subtitle = `crew change at ${cc.port?.name ?? "port to be named"} on ${formatDay(request.type === "sign_on" ? (cc.dateSignOn ?? cc.date) : cc.date)}`;
  }
  const lines = (await crewLines(print, plans)).map(({ plan, who }) => ({
    rank: plan.manningScale.name || plan.manningScale.rank.title,
    familyName: who?.familyName ?? "",
    givenNames: who?.givenNames ?? "",
    nationality: who?.nationality ?? "",
    dateOfBirth: who?.dateOfBirth ?? null,
    joined: plan.start,
    leaves: plan.end,
    status: statusLabel(plan.status),
  }));
  const title = CREW_ROLE_TITLES[request.type];
  const body = await crewRoleXlsx({
    title,
    vessel: { name: vessel.name, imo: vessel.imo, flagState: vessel.flag?.name ?? "" },
    subtitle,
    lines,
  });
  return {
    filename: safe(`${title} ${vessel.name} ${isoDay(cc?.date ?? today())}`) + ".xlsx",
    contentType: XLSX,
    body,
  };
};

/** The FAL Form 5 crew list of a crew change on arrival or departure, and whose each line is (user ids, in the list's order). */
const crewListOf = async (
  print: TPlanningPrintRepository,
  actor: TActor,
  request: { crewChangeId: number; direction: "arrival" | "departure" },
): Promise<{ list: TCrewList; userIds: (number | null)[] }> => {
  const cc = await print.crewChange(request.crewChangeId);
  if (!cc) throw AppError.notFound(`Crew change ${request.crewChangeId} not found`);
  const vessel = await print.vessel(cc.vesselId, partnerVesselWhere(actor));
  if (!vessel) throw AppError.notFound(`Crew change ${request.crewChangeId} not found`);
  const crew = await crewLines(print, await crewAtChange(print, cc, request.direction));
  const list: TCrewList = {
    direction: request.direction,
    ship: {
      name: vessel.name,
      imo: vessel.imo,
      callSign: vessel.callSign ?? "",
      flagState: vessel.flag?.name ?? "",
    },
    voyageNumber: cc.voyageNumber ?? "",
    port: [cc.port?.name, cc.port?.locode].filter(Boolean).join(", "),
    date: cc.date,
    lastPortOfCall: [cc.portArrived?.name, cc.portArrived?.locode].filter(Boolean).join(", "),
    crew: crew.map(({ plan, who }) => ({
      familyName: who?.familyName ?? "",
      givenNames: who?.givenNames ?? "",
      rank: plan.manningScale.rank.title,
      nationality: who?.nationality ?? "",
      dateOfBirth: who?.dateOfBirth ?? null,
      placeOfBirth: who?.placeOfBirth ?? "",
      gender: who?.gender ?? "",
      identityDocument: who?.identityDocument ?? null,
    })),
  };
  return { list, userIds: crew.map(({ plan }) => plan.userId) };
};

/**
 * GET /api/print/crew_list?crew_change_id=&type=arrival|departure&format=xlsx|docx: the IMO FAL
 * Form 5 crew list of the vessel at the crew change (DOMAIN.md): every box from the vessel,
 * the ports, the date and the seafarers' identity facts.
 */
export const printCrewList = async (
  print: TPlanningPrintRepository,
  actor: TActor,
  request: { crewChangeId: number; direction: "arrival" | "departure"; format: "xlsx" | "docx" },
): Promise<TActionFile> => {
  const { list } = await crewListOf(print, actor, request);
  const name = safe(`Crew list ${request.direction} ${list.ship.name} ${isoDay(list.date)}`);
  return request.format === "docx"
    ? { filename: `${name}.docx`, contentType: DOCX, body: await crewListDocx(list) }
    : { filename: `${name}.xlsx`, contentType: XLSX, body: await crewListXlsx(list) };
};

/**
 * GET /api/print/crew_list/problems?crew_change_id=&type=: what that crew list would be refused
 * for (crew-list-problems.ts), one JSON:API resource object per seafarer and box, so the screen
 * can list them before printing.
 */
export const checkCrewList = async (
  print: TPlanningPrintRepository,
  actor: TActor,
  request: { crewChangeId: number; direction: "arrival" | "departure" },
): Promise<TCrewListProblems> => {
  const { list, userIds } = await crewListOf(print, actor, request);
  const problems = crewListProblems(list, userIds);
  return {
    data: problems.map((attributes) => ({
      type: "crew_list_problems",
      id: `${attributes.line}-${attributes.box}-${attributes.problem}`,
      attributes,
    })),
    meta: { type: request.direction, date: isoDay(list.date), crew_count: list.crew.length },
  };
};
