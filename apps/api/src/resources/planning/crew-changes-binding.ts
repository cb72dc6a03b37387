import { ZCrewListPair, crewChanges, crewLists, formatDay, signOffReasons } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { partnerVesselWhere } from "../fleet/partner-scope.js";
import { crewChangesRepository } from "./crew-changes-repository.js";
import { alignPlans, checkPair, clashSentence, seafarerOf, signOnDate } from "./crew-list-pairing.js";
import { checkCrewList, printCrewList } from "./planning-prints.js";
import { at, dateAt, dmyDay, numberAt, textAt } from "./row-read.js";

export const signOffReasonsBinding: TResourceEntry = bindResource(signOffReasons, "SignOffReason")({});

/** Crew changes of the vessels the reader may see (a partner's owners' fleet). */
const crewChangeScope = (actor: TActor): TWhereOf<"CrewChange"> => {
  const vessels = partnerVesselWhere(actor);
  return vessels ? { vessel: vessels } : {};
};

const ZPairs = z.array(ZCrewListPair);

/**
 * Crew changes (spec 002 §3, §7): created with their crew list (`crewlists`: pairs of plans),
 * whose plans then start or end at the crew change; moving the crew change's dates moves them;
 * completing it marks the signing-off plans completed and the signing-on plans on board. Every
 * plan moved is told to the planners watching (live).
 */
export const crewChangesBinding: TResourceEntry = bindResource(
  crewChanges,
  "CrewChange",
  crewChangesRepository,
)({
  scope: crewChangeScope,
  virtual: ["crewlists"],
  include: {
    vessel: { select: { name: true } },
    port: { select: { name: true } },
    portArrived: { select: { name: true } },
    author: { select: { name: true } },
  },
  computed: {
    title: (row) =>
      [
        formatDay(row.date),
        textAt(row, "port", "name"),
        textAt(row, "vessel", "name") && `· ${textAt(row, "vessel", "name")}`,
      ]
        .filter(Boolean)
        .join(" "),
    vessel_name: (row) => textAt(row, "vessel", "name"),
    port_name: (row) => textAt(row, "port", "name"),
    port_arrived_name: (row) => textAt(row, "portArrived", "name"),
    author_name: (row) => textAt(row, "author", "name"),
  },
  computedMany: {
    names: ["sign_on_count", "sign_off_count", "checklist_total", "checklist_done"],
    async load(rows, { repo }) {
      const ids = rows.map((r) => r.id);
      const [counts, checklist] = await Promise.all([repo.signCounts(ids), repo.checklistCounts(ids)]);
      return new Map(
        rows.map((r) => [
          r.id,
          {
            sign_on_count: counts.get(r.id)?.on ?? 0,
            sign_off_count: counts.get(r.id)?.off ?? 0,
            checklist_total: checklist.get(r.id)?.total ?? 0,
            checklist_done: checklist.get(r.id)?.done ?? 0,
          },
        ]),
      );
    },
  },
  filters: {
    coordinator: (value) => ({ vessel: { coordinatorId: z.number().int().parse(value) } }),
    owner: (value) => ({ vessel: { ownerVessel: { is: { ownerId: z.number().int().parse(value) } } } }),
  },
  async toData(input, defaults, ctx) {
    if (ctx.mode === "update" && input.attributes.crewlists !== undefined) {
      throw AppError.invalid([
        { field: "crewlists", message: "is given on create; change the crew list through crew_lists" },
      ]);
    }
    if (
      ctx.before &&
      defaults.vesselId !== undefined &&
      defaults.vesselId !== ctx.before.vesselId &&
      (await ctx.repo.hasRows(ctx.before.id))
    ) {
      throw AppError.invalid([
        {
          field: "vessel",
          message: "cannot change while the crew list has seafarers of this vessel",
          location: "relationships",
        },
      ]);
    }
    return ctx.mode === "create" ? { authorId: ctx.actor.id } : {};
  },
  async afterWrite(after, ctx) {
    await ctx.repo.lockCrewChange(after.id);
    if (ctx.mode === "create") {
      for (const [index, p] of ZPairs.parse(ctx.input.attributes.crewlists ?? []).entries()) {
        const pair = { signOnId: p.sign_on_id ?? null, signOffId: p.sign_off_id ?? null };
        const field = (f: string) => `crewlists[${index}].${f}`;
        await checkPair(ctx.repo, after, pair, undefined, field);
        if (p.reason_id && !(await ctx.repo.signOffReasonExists(p.reason_id)))
          throw AppError.invalid([{ field: field("reason_id"), message: "must exist" }]);
        await ctx.repo.createRow({ crewChangeId: after.id, ...pair, reasonId: p.reason_id ?? null });
        await alignPlans(ctx.repo, after, pair, null, ctx.touched, field);
      }
      return;
    }
    const before = ctx.before;
    if (!before) return;
    const moved =
      before.date.getTime() !== after.date.getTime() ||
      (before.dateSignOn?.getTime() ?? null) !== (after.dateSignOn?.getTime() ?? null);
    const completed = before.state !== "completed" && after.state === "completed";
    if (!moved && !completed) return;
    const plans = await ctx.repo.plansSigningWith(after.id);
    ctx.touched(
      "time_plans",
      plans.map((p) => p.id),
    );
    const moves = plans
      .map((plan) => {
        const signsOff = plan.crewChangeSignOffId === after.id;
        const start = moved && !signsOff ? signOnDate(after) : plan.start;
        const end = moved && signsOff ? after.date : plan.end;
        // A plan that gets shorter can overlap nothing new: those move first, freeing the days the others take.
        const grows = start < plan.start || end > plan.end;
        return { plan, signsOff, start, end, grows };
      })
      .sort((a, b) => Number(a.grows) - Number(b.grows));
    for (const { plan, signsOff, start, end } of moves) {
      if (end < start)
        throw AppError.invalid([
          {
            field: "date",
            message: `The plan of ${seafarerOf(plan)} would end on ${dmyDay(end)}, before it starts on ${dmyDay(start)}.`,
            sentence: true,
          },
        ]);
      const clash = await ctx.repo.conflict(plan, start, end);
      if (clash)
        throw AppError.invalid([
          {
            field: "date",
            message: clashSentence(
              plan,
              signsOff ? `sign off on ${dmyDay(end)}` : `sign on on ${dmyDay(start)}`,
              clash,
            ),
            sentence: true,
          },
        ]);
      const change: { start?: Date; end?: Date; status?: string } = { start, end };
      if (completed) change.status = signsOff ? "completed" : "on_board";
      await ctx.repo.movePlan(plan.id, change);
    }
  },
  async beforeDelete(row, ctx) {
    // The plans keep their dates and lose their link (the foreign keys set null): the planners redraw them.
    ctx.touched(
      "time_plans",
      (await ctx.repo.plansSigningWith(row.id)).map((p) => p.id),
    );
  },
  actions: {
    async print_crew_list(ctx) {
      // The crew change must be readable (crewChange.read and its scope) before anything about it is printed.
      await ctx.kernel.serviceOf("crew_changes").requireReadable(ctx.actor, ctx.input.crew_change_id);
      return {
        file: await printCrewList(ctx.repo.print, ctx.actor, {
          crewChangeId: ctx.input.crew_change_id,
          direction: ctx.input.type,
          format: ctx.input.format,
        }),
      };
    },
    async check_crew_list(ctx) {
      await ctx.kernel.serviceOf("crew_changes").requireReadable(ctx.actor, ctx.input.crew_change_id);
      return {
        document: await checkCrewList(ctx.repo.print, ctx.actor, {
          crewChangeId: ctx.input.crew_change_id,
          direction: ctx.input.type,
        }),
      };
    },
  },
});

const planInclude = {
  select: {
    start: true,
    end: true,
    userId: true,
    manningScaleId: true,
    manningScale: { select: { name: true, crewingPriority: true, createdAt: true } },
    user: { select: { surname: true, name: true } },
  },
} as const;

/** "Surname Name" of the seafarer of one side of a crew-list row. */
const sideName = (row: Record<string, unknown>, side: "signOn" | "signOff"): string | null => {
  const surname = textAt(row, side, "user", "surname");
  return surname === null ? null : [surname, textAt(row, side, "user", "name")].filter(Boolean).join(" ");
};
/** The plan of the row that names its manning-scale row: the sign-on's, else the sign-off's. */
const sideOf = (row: Record<string, unknown>): "signOn" | "signOff" =>
  at(row, "signOn") ? "signOn" : "signOff";

/**
 * A row of a crew list: the pairing rules (crew-list-pairing.ts) and the plans moved to the crew
 * change in the same transaction; the plans it moves are told to the planners watching.
 */
export const crewListsBinding: TResourceEntry = bindResource(
  crewLists,
  "CrewList",
  crewChangesRepository,
)({
  scope: (actor) => {
    const vessels = partnerVesselWhere(actor);
    return vessels ? { crewChange: { vessel: vessels } } : {};
  },
  include: { signOn: planInclude, signOff: planInclude, reason: { select: { title: true } } },
  computed: {
    ms_id: (row) => numberAt(row, sideOf(row), "manningScaleId"),
    sign_on_user_id: (row) => numberAt(row, "signOn", "userId"),
    sign_off_user_id: (row) => numberAt(row, "signOff", "userId"),
    user_name: (row) => sideName(row, "signOn") ?? sideName(row, "signOff"),
    sign_on_user_name: (row) => sideName(row, "signOn"),
    sign_off_user_name: (row) => sideName(row, "signOff"),
    reason_title: (row) => textAt(row, "reason", "title"),
    role: (row) => textAt(row, sideOf(row), "manningScale", "name"),
    role_priority: (row) => numberAt(row, sideOf(row), "manningScale", "crewingPriority"),
    start: (row) => dateAt(row, "signOn", "start"),
    end: (row) => dateAt(row, "signOff", "end"),
  },
  async toData(_input, defaults, ctx) {
    const { crewChangeId } = ctx.next;
    if (!crewChangeId) return {};
    await ctx.repo.lockCrewChange(crewChangeId);
    const cc = await ctx.repo.crewChange(crewChangeId);
    if (!cc)
      throw AppError.invalid([{ field: "crew_change", message: "must exist", location: "relationships" }]);
    if (ctx.before && ctx.before.crewChangeId !== crewChangeId)
      throw AppError.invalid([
        { field: "crew_change", message: "cannot move to another crew change", location: "relationships" },
      ]);
    const pair = {
      signOnId: defaults.signOnId !== undefined ? defaults.signOnId : (ctx.before?.signOnId ?? null),
      signOffId: defaults.signOffId !== undefined ? defaults.signOffId : (ctx.before?.signOffId ?? null),
    };
    await checkPair(ctx.repo, cc, pair, ctx.id);
    const reasonId = defaults.reasonId;
    if (reasonId && !(await ctx.repo.signOffReasonExists(reasonId)))
      throw AppError.invalid([{ field: "reason_id", message: "must exist" }]);
    await alignPlans(
      ctx.repo,
      cc,
      pair,
      ctx.before ? { signOnId: ctx.before.signOnId, signOffId: ctx.before.signOffId } : null,
      ctx.touched,
    );
    return {};
  },
  async beforeDelete(row, ctx) {
    if (row.signOnId) await ctx.repo.movePlan(row.signOnId, { crewChangeSignOnId: null });
    if (row.signOffId) await ctx.repo.movePlan(row.signOffId, { crewChangeSignOffId: null });
    ctx.touched(
      "time_plans",
      [row.signOnId, row.signOffId].flatMap((id) => (id === null ? [] : [id])),
    );
  },
});
