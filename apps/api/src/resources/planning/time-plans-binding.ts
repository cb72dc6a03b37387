import { can, timePlans, type TResourceObject } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TRowOf, TWhereOf } from "../../kernel/model-types.js";
import { partnerVesselWhere } from "../fleet/partner-scope.js";
import { printContract } from "../owner-contracts/contract-print.js";
import { planTemplates, type TPlanTemplates } from "../owner-contracts/plan-templates.js";
import { printCrewRole, printTimePlan } from "./planning-prints.js";
import { dateAt, dmyDay, isoDay, numberAt, textAt } from "./row-read.js";
import type { TPlanWarning } from "./planning-checks.js";
import {
  timePlansRepository,
  type TPeriod,
  type TPlanConflict,
  type TTimePlansRepository,
} from "./time-plans-repository.js";

const DAY = 86_400_000;
/** Filter values as the definition's zod made them. */
const ZRange = z.object({ from: z.date(), to: z.date() });
const ZIds = z.array(z.number().int());
const ZId = z.number().int();
/** "from 11.07.2027 to 19.11.2027": a plan's days as a refusal names them. */
const daysOf = (c: Pick<TPlanConflict, "start" | "end">) => `from ${dmyDay(c.start)} to ${dmyDay(c.end)}`;

/** The relations a plan's computed attributes read, and which attributes read each. */
const PLAN_INCLUDE = {
  manningScale: {
    select: { name: true, rank: { select: { title: true } }, vessel: { select: { name: true } } },
  },
  port: { select: { name: true } },
  vacancy: { select: { id: true } },
  user: {
    select: { surname: true, name: true, readinessDate: true, promotionsCount: true, telegramUserId: true },
  },
} as const;
/** Plans ahead, where a first contract with us is a coordinator's concern (the trademark mark). */
const NEWCOMER_STATUSES = new Set(["to_propose", "pending_approval", "approved"]);
const USER_FIELDS = new Set(["user_name", "readiness_date", "promotions_count", "telegram_bot"]);
const ROW_FIELDS = new Set(["vessel_name", "role_name"]);

/** "Surname Name" of the plan's seafarer (null for a vacancy). */
const seafarerName = (row: Record<string, unknown>): string | null => {
  const surname = textAt(row, "user", "surname");
  return surname === null ? null : [surname, textAt(row, "user", "name")].filter(Boolean).join(" ");
};

type TPlanRow = TRowOf<"TimePlan">;

/** A label's values, read from a row with its `user` and `port` loaded (by the include, or by `labelsOf`). */
const LABEL_VALUES = {
  port_name: (row: Record<string, unknown>) => textAt(row, "port", "name"),
  user_name: (row: Record<string, unknown>) => seafarerName(row),
  readiness_date: (row: Record<string, unknown>) => dateAt(row, "user", "readinessDate"),
  promotions_count: (row: Record<string, unknown>) => numberAt(row, "user", "promotionsCount") ?? 0,
  telegram_bot: (row: Record<string, unknown>) => textAt(row, "user", "telegramUserId") !== null,
} as const;
const LABEL_FIELDS = Object.keys(LABEL_VALUES) as (keyof typeof LABEL_VALUES)[];

/**
 * The label values of rows read without their `user` and `port` (a sparse fieldset: the
 * scheduler's blocks), from two plain reads by id: the include made Prisma load and map both
 * relations for each of a block's ~420 plans (docs/planner.md "Speed"). Rows that carry the
 * relations already (no fieldset, a single plan, included records) are read as they are.
 */
const labelsOf = async (
  rows: readonly TPlanRow[],
  repo: TTimePlansRepository,
  wants: (name: string) => boolean,
): Promise<Map<number, Record<string, unknown>>> => {
  const out = new Map<number, Record<string, unknown>>();
  const asked = LABEL_FIELDS.filter(wants);
  if (!asked.length) return out;
  const bare = rows.filter((r) => !("user" in r) || !("port" in r));
  const userIds = asked.some((f) => USER_FIELDS.has(f))
    ? [...new Set(bare.flatMap((r) => (r.userId === null ? [] : [r.userId])))]
    : [];
  const portIds = asked.includes("port_name")
    ? [...new Set(bare.flatMap((r) => (r.portId === null ? [] : [r.portId])))]
    : [];
  const [seafarers, ports] = await Promise.all([repo.seafarersOf(userIds), repo.portNamesOf(portIds)]);
  for (const r of rows) {
    const full: Record<string, unknown> = {
      ...r,
      ...("user" in r ? {} : { user: r.userId === null ? null : (seafarers.get(r.userId) ?? null) }),
      ...("port" in r ? {} : { port: r.portId === null ? null : { name: ports.get(r.portId) ?? null } }),
    };
    out.set(r.id, Object.fromEntries(asked.map((f) => [f, LABEL_VALUES[f](full)])));
  }
  return out;
};

/** What a partner_view never reads: offers and publication marks (spec 002 §6; DOMAIN.md "Ship-owner partners"). */
export const PARTNER_VIEW_HIDDEN = ["offer", "to_publish", "vacancy_description", "external_only"] as const;
const hidesOffers = (actor: TActor): boolean => actor.role === "partner_view";
/** A plan's staff comment, for readers of comments only. */
const COMMENT_FIELDS = ["last_comment_body"] as const;

/** Plans of the vessels the reader may see: a partner's owners' fleet, everything for staff. */
export const timePlanScope = (actor: TActor): TWhereOf<"TimePlan"> => {
  const vessels = partnerVesselWhere(actor);
  return vessels ? { manningScale: { vessel: { is: vessels } } } : {};
};

/** The scheduler's row as the planner_rows feed answers it. */
const plannerRow = (
  row: Awaited<ReturnType<ReturnType<typeof timePlansRepository>["plannerRows"]>>[number],
  hideOffer: boolean,
): TResourceObject => ({
  type: "planner_rows",
  id: String(row.id),
  attributes: {
    name: row.name,
    crewing_priority: row.crewingPriority,
    ...(hideOffer ? {} : { template_offer: row.templateOffer }),
    rank_id: row.rankId,
    rank_title: row.rank.title,
    rank_priority: row.rank.crewingPriority,
    vessel_id: row.vessel?.id ?? null,
    vessel_name: row.vessel?.name ?? "",
    coordinator_id: row.vessel?.coordinatorId ?? null,
    owner_id: row.vessel?.ownerVessel?.owner.id ?? null,
    owner_name: row.vessel?.ownerVessel?.owner.title ?? null,
    open_vacancies: row._count.timePlans,
  },
});

type TProfile = NonNullable<Awaited<ReturnType<ReturnType<typeof timePlansRepository>["profileOf"]>>>;
const ageOn = (birthday: Date, day: Date): number =>
  day.getUTCFullYear() -
  birthday.getUTCFullYear() -
  (day.getUTCMonth() * 100 + day.getUTCDate() < birthday.getUTCMonth() * 100 + birthday.getUTCDate() ? 1 : 0);

/** The user section's profile: contacts and the expected wage only for staff who read applicants. */
const userProfileAttributes = (
  p: TProfile,
  staff: boolean,
  periods: readonly TPeriod[],
  avatar: string | null,
): Record<string, unknown> => ({
  crewing_applicant_id: p.crewingApplicantId,
  full_name: [p.surname, p.name, p.middle].filter(Boolean).join(" "),
  birthday: p.birthday ? isoDay(p.birthday) : null,
  age: p.birthday ? ageOn(p.birthday, new Date()) : null,
  country_birth: p.countryBirth?.name ?? null,
  rank: p.role?.title ?? null,
  status: p.status,
  readiness_date: p.readinessDate ? isoDay(p.readinessDate) : null,
  promotions_count: p.promotionsCount,
  promotions_roles: p.promotionsRoles,
  vessel_last_name: p.vesselLastName,
  vessel_last_rank_title: p.vesselLastRankTitle,
  vessel_last_date_on: p.vesselLastDateOn ? isoDay(p.vesselLastDateOn) : null,
  last_contract_soff: p.lastContractSoff ? isoDay(p.lastContractSoff) : null,
  valid_state: p.validState,
  has_warnings: p.hasWarnings,
  archived: p.archived,
  periods,
  ...(staff ? { email: p.email, mobile_phone: p.mobilePhone, wage: p.wage, tags: p.tagList, avatar } : {}),
});

/**
 * Timeplans (spec 002 §3, §5): the overlap rules on the server (no two plans of one row, no two
 * plans of one seafarer share a day; a 422 names the other plan), a vacancy's offer set as its
 * row's template offer, the seafarer's other periods, planning warnings in the answer's meta.
 * Partners see and plan only their owners' vessels; partner_view never sees offers or
 * publication marks.
 */
export const timePlansBinding: TResourceEntry = bindResource(
  timePlans,
  "TimePlan",
  timePlansRepository,
)({
  scope: timePlanScope,
  relationshipTargets: {
    // Partners plan without reading manning scales: a row is fine when it is an active row of a vessel they may see.
    manning_scale: (ids, { actor, repo }) => repo.plannableRows(ids, partnerVesselWhere(actor)),
  },
  include: PLAN_INCLUDE,
  // The scheduler asks for a few fields: only the relations they are computed from are loaded;
  // the seafarer and the port of a label come from `labelsOf` (computedMany), not the include.
  includeFor: (fields) => ({
    ...(fields.some((f) => ROW_FIELDS.has(f)) ? { manningScale: PLAN_INCLUDE.manningScale } : {}),
    ...(fields.includes("vacancy_id") ? { vacancy: PLAN_INCLUDE.vacancy } : {}),
  }),
  computed: {
    vacancy_id: (row) => numberAt(row, "vacancy", "id"),
    ms_id: (row) => row.manningScaleId,
    user_id: (row) => row.userId,
    crew_change_sign_on_id: (row) => row.crewChangeSignOnId,
    crew_change_sign_off_id: (row) => row.crewChangeSignOffId,
    vessel_name: (row) => textAt(row, "manningScale", "vessel", "name"),
    role_name: (row) => textAt(row, "manningScale", "name") || textAt(row, "manningScale", "rank", "title"),
    // Also in computedMany (labelsOf), whose values win; these serve the title (user_name) and
    // rows read with the whole include.
    ...LABEL_VALUES,
  },
  computedMany: {
    names: [
      "periods_by_user_id",
      "problem_newcomer",
      "warnings",
      "avatar",
      "has_contract_template",
      "document_templates",
      ...LABEL_FIELDS,
    ],
    async load(rows, { actor, repo, fields }) {
      const wants = (name: string) => !fields || fields.includes(name);
      const userIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
      const none = <T>() => Promise.resolve(new Map<number, T>());
      const [labels, periods, firstService, warnings, avatars, templates] = await Promise.all([
        labelsOf(rows, repo, wants),
        wants("periods_by_user_id") ? repo.periodsOf(userIds, timePlanScope(actor)) : none<TPeriod[]>(),
        wants("problem_newcomer") ? repo.firstServiceOf(userIds) : none<Date>(),
        wants("warnings") ? repo.warnings(rows) : none<TPlanWarning[]>(),
        // Photos are applicants' files: only those who read applicants may fetch them.
        wants("avatar") && can(actor.permissions, "users", "read") ? repo.avatarsOf(userIds) : none<string>(),
        // The owner's templates (issue 17 §4): what print_contracts can fill for the plan.
        wants("has_contract_template") || wants("document_templates")
          ? planTemplates(
              repo.contracts,
              rows.map((r) => r.id),
            )
          : none<TPlanTemplates>(),
      ]);
      return new Map(
        rows.map((r) => {
          const first = r.userId === null ? undefined : firstService.get(r.userId);
          return [
            r.id,
            {
              ...labels.get(r.id),
              periods_by_user_id: r.userId === null ? {} : { [r.userId]: periods.get(r.userId) ?? [] },
              warnings: warnings.get(r.id) ?? [],
              has_contract_template: templates.get(r.id)?.has_contract_template ?? false,
              document_templates: templates.get(r.id)?.document_templates ?? [],
              avatar: r.userId === null ? null : (avatars.get(r.userId) ?? null),
              // A newcomer joining: a plan ahead whose seafarer has served with us never before it (nothing on board or completed).
              problem_newcomer:
                r.userId !== null &&
                NEWCOMER_STATUSES.has(r.status) &&
                (first === undefined || r.start <= first),
            },
          ];
        }),
      );
    },
  },
  // Partners see offers only when allowed, and staff comments (the plan's last one, in its label) never without comments.read.
  hidden: (actor) => [
    ...(hidesOffers(actor) ? PARTNER_VIEW_HIDDEN : []),
    ...(can(actor.permissions, "comments", "read") ? [] : COMMENT_FIELDS),
  ],
  filters: {
    // The plans touching the range: starting before its last day ends, ending on or after its first.
    date_range: (value) => {
      const { from, to } = ZRange.parse(value);
      return { start: { lt: new Date(to.getTime() + DAY) }, end: { gte: from } };
    },
    ids: (value) => ({ id: { in: ZIds.parse(value) } }),
    vessel_id: (value) => ({ manningScale: { vesselId: ZId.parse(value) } }),
  },
  async toData(input, defaults, ctx) {
    const { manningScaleId, start, end, status } = ctx.next;
    const userId = ctx.next.userId ?? null;
    if (!manningScaleId || !start || !end || !status) return {};
    // A vacancy is a plan without a seafarer; every other status is a seafarer's (spec 002 §3).
    if (status === "vacancy" && userId !== null)
      throw AppError.invalid([{ field: "status", message: "cannot be Vacancy while a seafarer is planned" }]);
    if (status !== "vacancy" && userId === null)
      throw AppError.invalid([
        { field: "user", message: "must be chosen unless the plan is a vacancy", location: "relationships" },
      ]);
    if (input.relationships.manning_scale !== undefined) {
      const row = await ctx.repo.manningScale(manningScaleId);
      if (!row || row.state !== "active" || row.vesselId === null) {
        throw AppError.invalid([
          {
            field: "manning_scale",
            message: "must be an active row of a vessel's manning scale",
            location: "relationships",
          },
        ]);
      }
    }
    await ctx.repo.lock(manningScaleId, userId);
    const onRow = await ctx.repo.rowConflict(manningScaleId, start, end, ctx.id);
    if (onRow) {
      const field = start < onRow.start ? "end" : "start";
      const who = onRow.seafarer ?? "A vacancy";
      throw AppError.invalid([
        { field, message: `${who} is already planned on this row ${daysOf(onRow)}.`, sentence: true },
      ]);
    }
    if (userId !== null) {
      const elsewhere = await ctx.repo.seafarerConflict(userId, start, end, ctx.id);
      if (elsewhere) {
        const where = [elsewhere.vesselName, elsewhere.rowName].filter(Boolean).join(" · ");
        throw AppError.invalid([
          {
            field: "user",
            message: `${elsewhere.seafarer ?? "The seafarer"} is already planned on ${where} ${daysOf(elsewhere)}.`,
            location: "relationships",
            sentence: true,
          },
        ]);
      }
    }
    // Offers and descriptions are a vacancy's (spec 002 §3): a filled plan keeps none.
    const vacancyOnly =
      status === "vacancy" ? {} : { offer: null, vacancyDescription: null, toPublish: false };
    return { ...vacancyOnly, ...(ctx.mode === "create" ? { authorId: ctx.actor.id } : {}) };
  },
  async afterWrite(after, ctx) {
    if (after.status === "vacancy" && after.offer !== null && ctx.input.attributes.offer !== undefined) {
      if (await ctx.repo.setTemplateOffer(after.manningScaleId, after.offer))
        ctx.touched("manning_scales", [after.manningScaleId]);
    }
    // A vacancy plan with to_publish makes or updates its vacancy; one no longer published takes it off (issue 18 §1).
    if ((after.status === "vacancy" && after.toPublish) || ctx.before?.toPublish)
      await ctx.repo.vacancies.syncFromPlan(after, ctx.actor.id);
  },
  // Its vacancy loses the plan and is unpublished by the database (vacancies_plan_gone): screens reload it.
  async beforeDelete(row, ctx) {
    const vacancy = await ctx.repo.vacancies.ofPlan(row.id);
    if (vacancy) ctx.touched("vacancies", [vacancy.id]);
  },
  async answerMeta(row, { repo }) {
    const warnings = (await repo.warnings([row])).get(row.id) ?? [];
    return warnings.length ? { warnings } : undefined;
  },
  actions: {
    async planner_rows(ctx) {
      const rows = await ctx.repo.plannerRows(
        partnerVesselWhere(ctx.actor),
        new Date(`${isoDay(new Date())}T00:00:00Z`),
      );
      const hideOffer = hidesOffers(ctx.actor);
      return { document: { data: rows.map((r) => plannerRow(r, hideOffer)), meta: { count: rows.length } } };
    },
    // GET /api/print_contracts/{id}: the owner's contract filled for the plan (owner-contracts/contract-print.ts).
    async print_contract(ctx) {
      const { file, pdf } = await printContract(ctx.repo.contracts, ctx.kernel.storage, ctx.id, ctx.input);
      if (ctx.input.download) return { file };
      const body = Buffer.isBuffer(file.body) ? file.body : Buffer.alloc(0);
      return {
        document: {
          xls_file: `data:${file.contentType};base64,${body.toString("base64")}`,
          file_file_name: file.filename,
          content_type: file.contentType,
          pdf_available: pdf || Boolean(ctx.input.as_docx),
        },
      };
    },
    async user_profile(ctx) {
      const plan = await ctx.kernel.serviceOf("time_plans").findInScope(ctx.actor, ctx.id ?? 0);
      const userId = numberAt(plan, "userId");
      if (userId === null) throw AppError.notFound("This plan has no seafarer");
      const profile = await ctx.repo.profileOf(userId);
      if (!profile) throw AppError.notFound("Seafarer not found");
      const staff = can(ctx.actor.permissions, "users", "read");
      const [periods, avatars] = await Promise.all([
        ctx.repo.periodsOf([userId], timePlanScope(ctx.actor)),
        staff ? ctx.repo.avatarsOf([userId]) : Promise.resolve(new Map<number, string>()),
      ]);
      return {
        document: {
          data: {
            type: "user_profiles",
            id: String(userId),
            attributes: userProfileAttributes(
              profile,
              staff,
              periods.get(userId) ?? [],
              avatars.get(userId) ?? null,
            ),
          },
        },
      };
    },
    async print_time_plan(ctx) {
      return { file: await printTimePlan(ctx.repo, ctx.actor, ctx.input) };
    },
    async print_crew_role(ctx) {
      const { crew_change_id: crewChangeId, vessel_id: vesselIdGiven, type } = ctx.input;
      // A crew change's list needs the crew change readable too (crewChange.read and its scope).
      const vesselId =
        crewChangeId === undefined
          ? (vesselIdGiven ?? null)
          : numberAt(await ctx.kernel.serviceOf("crew_changes").find(ctx.actor, crewChangeId), "vesselId");
      if (vesselId === null) throw AppError.notFound("Vessel not found");
      return {
        file: await printCrewRole(ctx.repo.print, ctx.actor, {
          vesselId,
          type,
          crewChangeId: crewChangeId ?? null,
        }),
      };
    },
  },
});
