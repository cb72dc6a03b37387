import {
  bonusColumn,
  isoDay,
  ownerLevelFees,
  roleLevels,
  WAGE_SCALE_TYPES,
  wageBonuses,
  wageScaleNationalities,
  wageScales,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { wageScalesXlsx } from "../../print/wage-scales-xlsx.js";
import { partnerOwnerWhere } from "../fleet/partner-scope.js";
import { bonusTypeName, columnOrder, wageForRank } from "./wage-components.js";
import { wagesRepository } from "./wages-repository.js";

/** A partner reads only its own owners' terms (partner-scope.ts); staff see every owner's. */
const ownedBy = (actor: TActor): { owner: { is: TWhereOf<"Owner"> } } | object => {
  const owner = partnerOwnerWhere(actor);
  return owner ? { owner: { is: owner } } : {};
};

const ZRankRef = z.object({ title: z.string(), crewingPriority: z.number() });
const ZNamed = z.object({ name: z.string() });
const ZOwnerRef = z.object({ currency: z.string() });
const ZTitled = z.object({ title: z.string() });
const rankOf = (rank: unknown) => ZRankRef.safeParse(rank).data;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Rank levels: a plain reference list (management, operational, support are seeded). */
export const roleLevelsBinding: TResourceEntry = bindResource(roleLevels, "RoleLevel")({});

/**
 * Nationalities with an alternative scale (createNationalityScale: POST
 * owners/{id}/wage_scales_nationalities with nationality_id). A new one gets the alternative
 * scale, copied from the normal one; deleting it removes that scale.
 */
export const wageScaleNationalitiesBinding: TResourceEntry = bindResource(
  wageScaleNationalities,
  "WageScaleNationality",
  wagesRepository,
)({
  scope: ownedBy,
  include: { nationality: { select: { name: true } } },
  computed: { nationality_name: (row) => ZNamed.safeParse(row.nationality).data?.name ?? "" },
  sorts: { nationality_name: (desc) => ({ nationality: { name: desc ? "desc" : "asc" } }) },
  async toData(_input, _defaults, ctx) {
    const { ownerId, nationalityId } = ctx.next;
    if (ctx.mode === "create" && typeof ownerId === "number" && typeof nationalityId === "number") {
      await ctx.repo.lockOwner(ownerId);
      if (await ctx.repo.nationalityOf(ownerId, nationalityId))
        throw AppError.invalid([
          { field: "nationality", location: "relationships", message: "already has an alternative scale" },
        ]);
    }
    return {};
  },
  async afterWrite(after, ctx) {
    if (ctx.mode !== "create") return;
    const key = {
      ownerId: after.ownerId,
      scaleType: "alternative" as const,
      nationalityId: after.nationalityId,
    };
    const ranks = await ctx.repo.ownerRankIds(after.ownerId);
    await ctx.repo.fillScale(key, ranks);
    ctx.touched("wage_scales", []);
  },
  async beforeDelete(row, ctx) {
    await ctx.repo.dropNationalityScale(row.ownerId, row.nationalityId);
  },
});

/**
 * Rows of owners' wage scales (getScales; updateScale sends one component at a time). The total
 * is computed from the components; the currency is the owner's.
 */
export const wageScalesBinding: TResourceEntry = bindResource(
  wageScales,
  "WageScale",
  wagesRepository,
)({
  relations: { role: { kind: "fk", field: "rankId" } },
  scope: ownedBy,
  include: {
    rank: { select: { title: true, crewingPriority: true } },
    owner: { select: { currency: true } },
    nationality: { select: { name: true } },
  },
  computed: {
    role_name: (row) => rankOf(row.rank)?.title ?? "",
    crewing_priority: (row) => rankOf(row.rank)?.crewingPriority ?? 0,
    total: (row) => row.basicWage + row.guaranteedOvertime + row.leavePay + row.otherAllowances,
    currency: (row) => ZOwnerRef.safeParse(row.owner).data?.currency ?? "USD",
    nationality_name: (row) => ZNamed.safeParse(row.nationality).data?.name ?? null,
  },
  filters: { role_id: (value) => ({ rankId: z.number().int().parse(value) }) },
  sorts: { crewing_priority: (desc) => ({ rank: { crewingPriority: desc ? "desc" : "asc" } }) },
  actions: {
    async types() {
      return { document: { data: WAGE_SCALE_TYPES.map((t) => ({ id: t.value, title: t.label })) } };
    },
    async create_scale(ctx) {
      const ownerId = ctx.id;
      const { scale_type: scaleType } = ctx.input;
      const nationalityId = ctx.input.nationality_id ?? null;
      if (scaleType === "alternative" && nationalityId === null)
        throw AppError.invalid([
          { field: "nationality_id", message: "is required for an alternative scale" },
        ]);
      if (scaleType === "normal" && nationalityId !== null)
        throw AppError.invalid([
          { field: "nationality_id", message: "applies to an alternative scale only" },
        ]);
      const added = await ctx.transaction(async (repo) => {
        await repo.lockOwner(ownerId);
        if (nationalityId !== null && !(await repo.nationalityOf(ownerId, nationalityId)))
          throw AppError.invalid([
            {
              field: "nationality_id",
              message: "has no alternative scale yet: add the nationality first (createNationalityScale)",
            },
          ]);
        const ranks = await repo.ownerRankIds(ownerId);
        const rows = await repo.fillScale({ ownerId, scaleType, nationalityId }, ranks);
        const bonuses = await repo.fillBonuses(ownerId, ranks);
        return { rows, bonuses };
      });
      const filter: Record<string, string> = { owner_id: String(ownerId), scale_type: scaleType };
      if (nationalityId !== null) filter.nationality_id = String(nationalityId);
      const list = await ctx.kernel
        .serviceOf("wage_scales")
        .list(ctx.actor, { filter, page: { size: "999" } }, ctx.url);
      return { status: 201, document: { ...list, meta: { ...list.meta, added } } };
    },
    async for_rank(ctx) {
      const { input } = ctx;
      let ownerId = input.owner_id ?? null;
      if (input.vessel_id !== undefined) {
        await ctx.kernel.serviceOf("vessels").findInScope(ctx.actor, input.vessel_id);
        ownerId = await ctx.repo.ownerOfVessel(input.vessel_id);
        if (ownerId === null)
          return { document: { data: null, meta: { reason: "the vessel has no owner" } } };
      }
      if (ownerId === null)
        throw AppError.invalid([{ field: "owner_id", message: "name owner_id or vessel_id" }]);
      await ctx.kernel.serviceOf("owners").findInScope(ctx.actor, ownerId);
      let nationalityId = input.nationality_id ?? null;
      let expected: number | null = null;
      if (input.user_id !== undefined) {
        await ctx.kernel.serviceOf("users").find(ctx.actor, input.user_id);
        const user = await ctx.repo.applicantWage(input.user_id);
        expected = user?.wage ?? null;
        nationalityId ??= user?.countryBirthId ?? null;
      }
      const data = await wageForRank(ctx.repo, { ownerId, rankId: input.role_id, nationalityId }, expected);
      return { document: { data } };
    },
    async export(ctx) {
      const ownerId = ctx.input.owner_id;
      await ctx.kernel.serviceOf("owners").findInScope(ctx.actor, ownerId);
      const { owner, scales, bonuses } = await ctx.repo.exportData(ownerId);
      if (!owner) throw AppError.notFound(`Owner ${ownerId} not found`);
      const byScale = new Map<string, { title: string; rows: typeof scales }>();
      for (const s of scales) {
        const key = `${s.scaleType}:${s.nationalityId ?? ""}`;
        const title =
          s.scaleType === "alternative" ? `Alternative scale: ${s.nationality?.name ?? ""}` : "Normal scale";
        byScale.set(key, { title, rows: [...(byScale.get(key)?.rows ?? []), s] });
      }
      const columns = [...new Set(bonuses.map((b) => bonusColumn(b.bonusType, b.consequentContracts)))].sort(
        (a, b) => columnOrder(a) - columnOrder(b) || a.localeCompare(b),
      );
      const rows = new Map<number, { rank: string; cells: Record<string, number> }>();
      for (const b of bonuses) {
        const row = rows.get(b.rankId) ?? { rank: b.rank.title, cells: {} };
        row.cells[bonusColumn(b.bonusType, b.consequentContracts)] = b.total;
        rows.set(b.rankId, row);
      }
      const body = await wageScalesXlsx({
        owner: owner.title,
        currency: owner.currency,
        scales: [...byScale.values()].map((s) => ({
          title: s.title,
          rows: s.rows.map((r) => ({
            rank: r.rank.title,
            basicWage: r.basicWage,
            guaranteedOvertime: r.guaranteedOvertime,
            leavePay: r.leavePay,
            otherAllowances: r.otherAllowances,
          })),
        })),
        bonusColumns: columns.map((key) => ({ key, head: bonusHead(key) })),
        bonusRows: [...rows.values()],
      });
      const name = owner.title.replace(/[^\p{L}\p{N} .,()-]+/gu, " ").trim() || "Owner";
      return {
        file: { filename: `Wage scales ${name} ${isoDay(new Date())}.xlsx`, contentType: XLSX, body },
      };
    },
  },
});

const bonusHead = (column: string): string => {
  const [type, n] = column.split("_");
  const name = bonusTypeName(type ?? "");
  return n ? `${name}, contract ${n}` : name;
};

/**
 * Bonus cells (getBonuses; updateBonus sends `{total: n}`). A seniority bonus may be per number
 * of consecutive contracts (sb_2, sb_3); special and performance bonuses are one per rank.
 */
export const wageBonusesBinding: TResourceEntry = bindResource(
  wageBonuses,
  "WageBonus",
  wagesRepository,
)({
  relations: { role: { kind: "fk", field: "rankId" } },
  scope: ownedBy,
  include: {
    rank: { select: { title: true, crewingPriority: true } },
    owner: { select: { currency: true } },
  },
  computed: {
    type_name: (row) => bonusTypeName(row.bonusType),
    column: (row) => bonusColumn(row.bonusType, row.consequentContracts),
    role_name: (row) => rankOf(row.rank)?.title ?? "",
    crewing_priority: (row) => rankOf(row.rank)?.crewingPriority ?? 0,
    currency: (row) => ZOwnerRef.safeParse(row.owner).data?.currency ?? "USD",
  },
  filters: { role_id: (value) => ({ rankId: z.number().int().parse(value) }) },
  sorts: { crewing_priority: (desc) => ({ rank: { crewingPriority: desc ? "desc" : "asc" } }) },
  async toData(input, _defaults, ctx) {
    const { ownerId, rankId, bonusType } = ctx.next;
    const given = input.attributes.consequent_contracts;
    const contracts = given === undefined ? Number(ctx.before?.consequentContracts ?? 0) : Number(given ?? 0);
    if (bonusType !== "sb" && contracts !== 0)
      throw AppError.invalid([
        { field: "consequent_contracts", message: "applies to a seniority bonus (sb) only" },
      ]);
    if (typeof ownerId === "number" && typeof rankId === "number" && typeof bonusType === "string") {
      if (await ctx.repo.bonusExists(ownerId, rankId, bonusType, contracts, ctx.id))
        throw AppError.invalid([
          {
            field: bonusType === "sb" ? "consequent_contracts" : "bonus_type",
            message: `the rank already has this bonus (${bonusColumn(bonusType, contracts)})`,
          },
        ]);
    }
    return { consequentContracts: contracts };
  },
});

/**
 * The owner's fee per rank level (GET owners/{id}/level_fees) and the terms actions (spec 002
 * §7: update_terms, update_level_terms, update_contract_terms), each answering the owner.
 */
export const ownerLevelFeesBinding: TResourceEntry = bindResource(
  ownerLevelFees,
  "OwnerLevelFee",
  wagesRepository,
)({
  scope: ownedBy,
  include: { roleLevel: { select: { title: true } } },
  computed: { level_name: (row) => ZTitled.safeParse(row.roleLevel).data?.title ?? "" },
  sorts: { level_name: (desc) => ({ roleLevel: { title: desc ? "desc" : "asc" } }) },
  actions: {
    async update_terms(ctx) {
      await ctx.transaction((repo) => repo.updateTerms(ctx.id, { terms: ctx.input.terms }));
      return { document: await ctx.kernel.serviceOf("owners").show(ctx.actor, ctx.id, {}) };
    },
    async update_contract_terms(ctx) {
      await ctx.transaction((repo) => repo.updateTerms(ctx.id, { contractTerms: ctx.input.contract_terms }));
      return { document: await ctx.kernel.serviceOf("owners").show(ctx.actor, ctx.id, {}) };
    },
    async update_level_terms(ctx) {
      const levels = ctx.input.levels.map((l) => ({ levelId: l.level_id, fee: l.fee }));
      const seen = new Set<number>();
      levels.forEach((l, i) => {
        if (seen.has(l.levelId))
          throw AppError.invalid([{ field: `levels/${i}/level_id`, message: "is given twice" }]);
        seen.add(l.levelId);
      });
      await ctx.transaction(async (repo) => {
        const known = await repo.roleLevelIds([...seen]);
        const unknown = levels.findIndex((l) => !known.has(l.levelId));
        if (unknown >= 0)
          throw AppError.invalid([{ field: `levels/${unknown}/level_id`, message: "is not a rank level" }]);
        await repo.setLevelFees(ctx.id, levels);
      });
      const fees = await ctx.kernel
        .serviceOf("owner_level_fees")
        .list(ctx.actor, { page: { size: "999" } }, ctx.url, {
          parent: { type: "owners", id: ctx.id, relationship: "owner" },
        });
      return { document: fees };
    },
  },
});
