import { ownerLevelFees } from "@crew/contracts";
import { runAction } from "../../api/run-action";
import { formatMoney } from "../../lib/numbers";

export interface TOwnerTerms {
  terms: string | null;
  contract_terms: string | null;
  /** Fee per rank level id; null clears it. */
  fees: Record<string, number | null>;
}

export const NO_TERMS: TOwnerTerms = { terms: null, contract_terms: null, fees: {} };

/** The fees whose value differs from what was loaded (a level never loaded counts as empty). */
const changedFees = (before: TOwnerTerms, after: TOwnerTerms): [string, number | null][] =>
  Object.entries(after.fees).filter(([id, fee]) => (before.fees[id] ?? null) !== fee);

/** Whether saving `after` over `before` changes anything of the owner's terms. */
export const termsChanged = (before: TOwnerTerms, after: TOwnerTerms): boolean =>
  before.terms !== after.terms ||
  before.contract_terms !== after.contract_terms ||
  changedFees(before, after).length > 0;

/**
 * What spec 002 §7 sends after an owner is created or updated (the template uploads come
 * first, from the owner form): update_terms, update_level_terms (level_id and fee), then
 * update_contract_terms. Only what differs from `before` is sent, so a save never rewrites a
 * value the user did not change. The owner form and the Wage tab's card both call it.
 */
export const sendOwnerTerms = async (
  ownerId: string | number,
  values: TOwnerTerms,
  before: TOwnerTerms = NO_TERMS,
): Promise<void> => {
  if (values.terms !== before.terms)
    await runAction(ownerLevelFees, "update_terms", { id: ownerId, input: { terms: values.terms } });
  const fees = changedFees(before, values);
  if (fees.length)
    await runAction(ownerLevelFees, "update_level_terms", {
      id: ownerId,
      input: { levels: fees.map(([id, fee]) => ({ level_id: Number(id), fee })) },
    });
  if (values.contract_terms !== before.contract_terms)
    await runAction(ownerLevelFees, "update_contract_terms", {
      id: ownerId,
      input: { contract_terms: values.contract_terms },
    });
};

const quoted = (text: string): string => `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;
const textChange = (label: string, before: string | null, after: string | null): string[] => {
  if (before === after) return [];
  if (after === null) return [`${label}: cleared`];
  return [`${label}: ${before === null ? "set to" : "changed to"} ${quoted(after)}`];
};

/**
 * The lines a preview shows before the terms are sent: each changed text and fee, named by its
 * level (`levelTitles`), with the owner's currency.
 */
export const termsChanges = (
  before: TOwnerTerms,
  after: TOwnerTerms,
  levelTitles: Record<string, string>,
  currency: string,
): string[] => [
  ...textChange("Terms", before.terms, after.terms),
  ...changedFees(before, after).map(([id, fee]) => {
    const label = `Fee, ${levelTitles[id] ?? `level ${id}`} level`;
    const was = before.fees[id] ?? null;
    const from = was === null ? "none" : formatMoney(was, currency);
    return fee === null
      ? `${label}: cleared (was ${from})`
      : `${label}: ${from} → ${formatMoney(fee, currency)}`;
  }),
  ...textChange("Contract terms", before.contract_terms, after.contract_terms),
];
