import type { TDb } from "../../db/client.js";
import { wagesRepository } from "../../resources/wages/wages-repository.js";

/**
 * Owners' commercial terms for the demo (docs/owners-terms.md): every owner a normal wage scale
 * over the ranks of its fleet (monthly totals near ITF/IBF figures, split into basic wage,
 * guaranteed overtime, leave pay and allowances), bonuses per rank, terms, contract terms and
 * a fee per rank level; Aegean Bulk (the partner's owner) keeps an alternative scale for
 * Filipino seafarers and Nordic Tankers pays in EUR.
 */

/** STCW levels of the demo ranks. */
const LEVEL_OF: Record<string, "Management" | "Operational" | "Support"> = {
  Master: "Management",
  "Chief Engineer": "Management",
  "Chief Officer": "Management",
  "2nd Engineer": "Management",
  "2nd Officer": "Operational",
  "3rd Officer": "Operational",
  "3rd Engineer": "Operational",
  "4th Engineer": "Operational",
  ETO: "Operational",
};

/** Monthly totals, USD. */
const TOTAL: Record<string, number> = {
  Master: 11_200,
  "Chief Engineer": 10_800,
  "Chief Officer": 7_400,
  "2nd Engineer": 7_000,
  "2nd Officer": 4_200,
  "3rd Officer": 3_400,
  "3rd Engineer": 4_200,
  "4th Engineer": 2_900,
  ETO: 5_600,
  Bosun: 2_300,
  AB: 1_750,
  OS: 1_250,
  Fitter: 2_100,
  Oiler: 1_650,
  Wiper: 1_250,
  Cook: 2_000,
  "Deck Cadet": 600,
  "Engine Cadet": 600,
};

/** Each owner's level against the table, its currency and fees per level. */
const OWNER_TERMS: Record<string, { factor: number; currency: string; fees: [number, number, number] }> = {
  "Aegean Bulk Carriers S.A.": { factor: 1, currency: "USD", fees: [450, 300, 150] },
  "Nordic Tankers AS": { factor: 1.08, currency: "EUR", fees: [500, 350, 180] },
  "Pacific Crest Shipping Pte Ltd": { factor: 0.97, currency: "USD", fees: [400, 280, 140] },
  "Black Sea Maritime Ltd": { factor: 0.9, currency: "USD", fees: [350, 250, 120] },
  "Hanseatic Container Lines GmbH": { factor: 1.04, currency: "USD", fees: [480, 320, 160] },
};

const round10 = (n: number) => Math.round(n / 10) * 10;

/** A total split as crewing offices quote it: basic 55 %, guaranteed overtime 28 %, leave pay 12 %, the rest allowances. */
export const splitTotal = (total: number) => {
  const basicWage = round10(total * 0.55);
  const guaranteedOvertime = round10(total * 0.28);
  const leavePay = round10(total * 0.12);
  return {
    basicWage,
    guaranteedOvertime,
    leavePay,
    otherAllowances: Math.max(0, total - basicWage - guaranteedOvertime - leavePay),
  };
};

const TERMS =
  "Wages are paid monthly in the owner's currency to the seafarer's bank account; up to 40 % may be " +
  "drawn on board. Travel to and from the vessel is at the owner's cost. Medical care and P&I cover " +
  "under the owner's policy from sign-on to arrival home.";
const CONTRACT_TERMS =
  "Contract of 6 months +/- 1 month at the owner's option. 44 hours of normal work a week; " +
  "guaranteed overtime 103 hours a month. Leave: 7 days a month served. Repatriation at the " +
  "owner's cost on completion, illness or injury (MLC 2006 Standard A2.5).";

export const seedWages = async (db: TDb): Promise<void> => {
  const levels = new Map((await db.roleLevel.findMany()).map((l) => [l.title, l.id]));
  for (const rank of await db.rank.findMany()) {
    const level = levels.get(LEVEL_OF[rank.title] ?? "Support");
    if (level) await db.rank.update({ where: { id: rank.id }, data: { roleLevelId: level } });
  }
  const ranks = new Map((await db.rank.findMany()).map((r) => [r.id, r.title]));
  const philippines = await db.country.findFirst({ where: { code: "PH" } });
  const repo = wagesRepository(db);
  for (const owner of await db.owner.findMany({ orderBy: { id: "asc" } })) {
    const terms = OWNER_TERMS[owner.title] ?? { factor: 1, currency: "USD", fees: [400, 280, 140] };
    await db.owner.update({
      where: { id: owner.id },
      data: { currency: terms.currency, terms: TERMS, contractTerms: CONTRACT_TERMS },
    });
    await db.ownerLevelFee.createMany({
      data: (["Management", "Operational", "Support"] as const).flatMap((title, i) => {
        const roleLevelId = levels.get(title);
        return roleLevelId ? [{ ownerId: owner.id, roleLevelId, fee: terms.fees[i] ?? 0 }] : [];
      }),
      skipDuplicates: true,
    });
    const rankIds = await repo.ownerRankIds(owner.id);
    await db.wageScale.createMany({
      data: rankIds.map((rankId) => ({
        ownerId: owner.id,
        rankId,
        scaleType: "normal",
        ...splitTotal(round10((TOTAL[ranks.get(rankId) ?? ""] ?? 1_500) * terms.factor)),
      })),
    });
    await repo.fillBonuses(owner.id, rankIds);
    for (const rankId of rankIds) {
      const total = TOTAL[ranks.get(rankId) ?? ""] ?? 1_500;
      const cells = await db.wageBonus.findMany({ where: { ownerId: owner.id, rankId } });
      for (const cell of cells) {
        const amount =
          cell.bonusType === "sb"
            ? round10(total * 0.02 * (cell.consequentContracts - 1))
            : cell.bonusType === "spb"
              ? round10(total * 0.05)
              : round10(total * 0.08);
        await db.wageBonus.update({ where: { id: cell.id }, data: { total: amount } });
      }
    }
    if (owner.title === "Aegean Bulk Carriers S.A." && philippines) {
      await db.wageScaleNationality.create({ data: { ownerId: owner.id, nationalityId: philippines.id } });
      await db.wageScale.createMany({
        data: rankIds.map((rankId) => ({
          ownerId: owner.id,
          rankId,
          scaleType: "alternative",
          nationalityId: philippines.id,
          ...splitTotal(round10((TOTAL[ranks.get(rankId) ?? ""] ?? 1_500) * 0.92)),
        })),
      });
    }
  }
};
