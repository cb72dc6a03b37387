import { bonusColumn, WAGE_BONUS_TYPES, type TWageForRank } from "@crew/contracts";
import type { TTx } from "../../db/client.js";
import { wagesRepository, type TWagesRepository } from "./wages-repository.js";

export const bonusTypeName = (code: string): string =>
  WAGE_BONUS_TYPES.find((t) => t.value === code)?.label ?? code;

/** sb columns first, by contract count, then spb, pb. */
export const columnOrder = (column: string): number => {
  const [type, n] = column.split("_");
  return type === "sb" ? Number(n ?? 1) : type === "spb" ? 100 : 101;
};

/** What a contract prints of the owner's terms for one rank and nationality (docs/owners-terms.md). */
export interface TWageComponents {
  currency: string;
  /** normal, or alternative when the nationality has its own scale; null when the owner has no row for the rank. */
  scaleType: "normal" | "alternative" | null;
  basicWage: number;
  guaranteedOvertime: number;
  leavePay: number;
  otherAllowances: number;
  /** The sum of the four components: the monthly figure recruiters quote. */
  total: number;
  wageScaleId: number | null;
  bonuses: { column: string; typeName: string; consequentContracts: number | null; total: number }[];
  /** The owner's agency fee for the rank's level, when it has one. */
  levelFee: { level: string; fee: number } | null;
}

const components = async (
  repo: TWagesRepository,
  key: { ownerId: number; rankId: number; nationalityId: number | null },
): Promise<TWageComponents | null> => {
  const currency = await repo.ownerCurrency(key.ownerId);
  if (currency === null) return null;
  const [row, bonuses, fee] = await Promise.all([
    repo.applicableRow(key.ownerId, key.rankId, key.nationalityId),
    repo.bonusesOf(key.ownerId, key.rankId),
    repo.levelFeeOf(key.ownerId, key.rankId),
  ]);
  const basicWage = row?.basicWage ?? 0;
  const guaranteedOvertime = row?.guaranteedOvertime ?? 0;
  const leavePay = row?.leavePay ?? 0;
  const otherAllowances = row?.otherAllowances ?? 0;
  return {
    currency,
    scaleType: row ? (row.scaleType === "alternative" ? "alternative" : "normal") : null,
    basicWage,
    guaranteedOvertime,
    leavePay,
    otherAllowances,
    total: basicWage + guaranteedOvertime + leavePay + otherAllowances,
    wageScaleId: row?.id ?? null,
    bonuses: bonuses
      .map((b) => ({
        column: bonusColumn(b.bonusType, b.consequentContracts),
        typeName: bonusTypeName(b.bonusType),
        consequentContracts: b.consequentContracts || null,
        total: b.total,
      }))
      .sort((a, b) => columnOrder(a.column) - columnOrder(b.column)),
    levelFee: fee ? { level: fee.roleLevel.title, fee: fee.fee } : null,
  };
};

/**
 * The wage components of (owner, rank, nationality), for contract placeholders: the
 * nationality's alternative scale when the owner keeps one, else the normal scale; the rank's
 * bonuses and the owner's fee for the rank's level. Null when the owner does not exist.
 * It reads inside whatever client it is given (a transaction or the pool) and checks no
 * permission: the caller has checked the plan (and so the owner) is the reader's.
 */
export const wageComponentsFor = (
  db: TTx,
  key: { ownerId: number; rankId: number; nationalityId: number | null },
): Promise<TWageComponents | null> => components(wagesRepository(db), key);

/** The same through a repository already made (the for_rank action), with a seafarer's expected wage. */
export const wageForRank = async (
  repo: TWagesRepository,
  key: { ownerId: number; rankId: number; nationalityId: number | null },
  expectedWage: number | null,
): Promise<TWageForRank | null> => {
  const c = await components(repo, key);
  if (!c) return null;
  return {
    owner_id: key.ownerId,
    role_id: key.rankId,
    currency: c.currency,
    scale_type: c.scaleType,
    nationality_id: c.scaleType === "alternative" ? key.nationalityId : null,
    basic_wage: c.basicWage,
    guaranteed_overtime: c.guaranteedOvertime,
    leave_pay: c.leavePay,
    other_allowances: c.otherAllowances,
    total: c.total,
    wage_scale_id: c.wageScaleId,
    bonuses: c.bonuses.map((b) => ({ column: b.column, type_name: b.typeName, total: b.total })),
    expected_wage: expectedWage,
    difference: expectedWage === null || c.wageScaleId === null ? null : expectedWage - c.total,
  };
};
