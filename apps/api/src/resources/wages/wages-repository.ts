import { DEFAULT_SENIORITY_CONTRACTS, type TWageBonusType, type TWageScaleType } from "@crew/contracts";
import type { TTx } from "../../db/client.js";

/** The bonus cells a rank gets with a new scale: sb for the 2nd, 3rd, 4th contract, spb, pb. */
const DEFAULT_BONUSES: readonly { bonusType: TWageBonusType; consequentContracts: number }[] = [
  ...DEFAULT_SENIORITY_CONTRACTS.map((n) => ({ bonusType: "sb" as const, consequentContracts: n })),
  { bonusType: "spb", consequentContracts: 0 },
  { bonusType: "pb", consequentContracts: 0 },
];

export interface TScaleKey {
  ownerId: number;
  scaleType: TWageScaleType;
  nationalityId: number | null;
}

/** Owners' wage scales, bonuses, scale nationalities and fees per rank level. */
export const wagesRepository = (db: TTx) => ({
  /** Serialises writes that make one owner's scales (create_scale, a new nationality) until the transaction ends. */
  async lockOwner(ownerId: number): Promise<void> {
    await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('wage_scales'), ${ownerId})`;
  },

  /** The ranks of an owner (GET owners/{id}/roles): on its vessels' active manning scales and its own template rows. */
  async ownerRankIds(ownerId: number): Promise<number[]> {
    const ranks = await db.rank.findMany({
      where: {
        manningScales: {
          some: { state: "active", OR: [{ ownerId }, { vessel: { ownerVessel: { is: { ownerId } } } }] },
        },
      },
      select: { id: true },
      orderBy: [{ crewingPriority: "asc" }, { id: "asc" }],
    });
    return ranks.map((r) => r.id);
  },

  scaleRows: (key: TScaleKey) =>
    db.wageScale.findMany({
      where: key,
      include: { rank: { select: { title: true, crewingPriority: true } } },
      orderBy: [{ rank: { crewingPriority: "asc" } }, { id: "asc" }],
    }),

  /**
   * Adds a row for each of `rankIds` missing from the scale; an alternative scale starts from
   * the normal scale's amounts. Returns how many rows it added.
   */
  async fillScale(key: TScaleKey, rankIds: readonly number[]): Promise<number> {
    const have = new Set(
      (await db.wageScale.findMany({ where: key, select: { rankId: true } })).map((r) => r.rankId),
    );
    const missing = rankIds.filter((id) => !have.has(id));
    if (!missing.length) return 0;
    const normalRows =
      key.scaleType === "normal"
        ? []
        : await db.wageScale.findMany({
            where: {
              ownerId: key.ownerId,
              scaleType: "normal",
              nationalityId: null,
              rankId: { in: missing },
            },
          });
    const normal = new Map(normalRows.map((r) => [r.rankId, r]));
    const { count } = await db.wageScale.createMany({
      data: missing.map((rankId) => {
        const from = normal.get(rankId);
        return {
          ...key,
          rankId,
          basicWage: from?.basicWage ?? 0,
          guaranteedOvertime: from?.guaranteedOvertime ?? 0,
          leavePay: from?.leavePay ?? 0,
          otherAllowances: from?.otherAllowances ?? 0,
        };
      }),
    });
    return count;
  },

  /** The default bonus cells of each rank that the owner does not have yet. */
  async fillBonuses(ownerId: number, rankIds: readonly number[]): Promise<number> {
    if (!rankIds.length) return 0;
    const { count } = await db.wageBonus.createMany({
      data: rankIds.flatMap((rankId) => DEFAULT_BONUSES.map((b) => ({ ownerId, rankId, ...b }))),
      skipDuplicates: true,
    });
    return count;
  },

  nationalityOf: (ownerId: number, nationalityId: number) =>
    db.wageScaleNationality.findUnique({ where: { ownerId_nationalityId: { ownerId, nationalityId } } }),

  /** The alternative rows of a nationality go with it. */
  dropNationalityScale: (ownerId: number, nationalityId: number) =>
    db.wageScale.deleteMany({ where: { ownerId, scaleType: "alternative", nationalityId } }),

  bonusExists: (
    ownerId: number,
    rankId: number,
    bonusType: string,
    consequentContracts: number,
    exceptId?: number,
  ) =>
    db.wageBonus.findFirst({
      where: {
        ownerId,
        rankId,
        bonusType,
        consequentContracts,
        ...(exceptId ? { id: { not: exceptId } } : {}),
      },
      select: { id: true },
    }),

  updateTerms: (ownerId: number, data: { terms?: string | null; contractTerms?: string | null }) =>
    db.owner.update({ where: { id: ownerId }, data }),

  roleLevelIds: async (ids: readonly number[]) =>
    new Set(
      (await db.roleLevel.findMany({ where: { id: { in: [...ids] } }, select: { id: true } })).map(
        (l) => l.id,
      ),
    ),

  /** Sets the owner's fee of each level given; a null fee removes it. */
  async setLevelFees(
    ownerId: number,
    levels: readonly { levelId: number; fee: number | null }[],
  ): Promise<void> {
    for (const { levelId, fee } of levels) {
      if (fee === null) await db.ownerLevelFee.deleteMany({ where: { ownerId, roleLevelId: levelId } });
      else
        await db.ownerLevelFee.upsert({
          where: { ownerId_roleLevelId: { ownerId, roleLevelId: levelId } },
          create: { ownerId, roleLevelId: levelId, fee },
          update: { fee },
        });
    }
  },

  ownerOfVessel: async (vesselId: number) =>
    (await db.ownerVessel.findUnique({ where: { vesselId }, select: { ownerId: true } }))?.ownerId ?? null,

  applicantWage: (userId: number) =>
    db.user.findUnique({ where: { id: userId }, select: { wage: true, countryBirthId: true } }),

  ownerCurrency: async (ownerId: number) =>
    (await db.owner.findUnique({ where: { id: ownerId }, select: { currency: true } }))?.currency ?? null,

  /** The row that applies to a seafarer: the nationality's alternative scale, else the normal one. */
  async applicableRow(ownerId: number, rankId: number, nationalityId: number | null) {
    const alternative =
      nationalityId === null
        ? null
        : await db.wageScale.findFirst({
            where: { ownerId, rankId, scaleType: "alternative", nationalityId },
            orderBy: { id: "asc" },
          });
    return (
      alternative ??
      (await db.wageScale.findFirst({
        where: { ownerId, rankId, scaleType: "normal", nationalityId: null },
        orderBy: { id: "asc" },
      }))
    );
  },

  bonusesOf: (ownerId: number, rankId: number) =>
    db.wageBonus.findMany({
      where: { ownerId, rankId },
      orderBy: [{ bonusType: "desc" }, { consequentContracts: "asc" }],
    }),

  levelFeeOf: async (ownerId: number, rankId: number) => {
    const rank = await db.rank.findUnique({ where: { id: rankId }, select: { roleLevelId: true } });
    if (!rank?.roleLevelId) return null;
    return db.ownerLevelFee.findUnique({
      where: { ownerId_roleLevelId: { ownerId, roleLevelId: rank.roleLevelId } },
      include: { roleLevel: { select: { title: true } } },
    });
  },

  /** Everything the xlsx export prints: the owner, its scales (with nationalities) and bonuses. */
  exportData: async (ownerId: number) => {
    const [owner, scales, bonuses] = await Promise.all([
      db.owner.findUnique({ where: { id: ownerId }, select: { title: true, currency: true } }),
      db.wageScale.findMany({
        where: { ownerId },
        include: {
          rank: { select: { title: true, crewingPriority: true } },
          nationality: { select: { name: true } },
        },
        orderBy: [
          { scaleType: "desc" },
          { nationalityId: "asc" },
          { rank: { crewingPriority: "asc" } },
          { id: "asc" },
        ],
      }),
      db.wageBonus.findMany({
        where: { ownerId },
        include: { rank: { select: { title: true, crewingPriority: true } } },
        orderBy: [{ rank: { crewingPriority: "asc" } }, { rankId: "asc" }],
      }),
    ]);
    return { owner, scales, bonuses };
  },
});

export type TWagesRepository = ReturnType<typeof wagesRepository>;
