import { PLACEMENT_STATUSES, PLACEMENT_STATUS_LABELS, type TPlacementStatus } from "@crew/contracts";
import { formatDate } from "@crew/contracts";

/** How recruiters read an applicant in the list (spec 001 §3 "Derived display"). */

/** "N y.o.", or "???" when the age cannot be worked out. */
export const ageText = (age: unknown): string =>
  typeof age === "number" && Number.isInteger(age) && age >= 0 && age < 130 ? `${age} y.o.` : "???";

export const placementStatusOf = (status: unknown): TPlacementStatus =>
  PLACEMENT_STATUSES.find((s) => s === status) ?? "vacancy";

/**
 * The placement status as the list shows it: empty reads Vacancy; an upward arrow follows when
 * the applicant has promotions and the status is not completed.
 */
export const statusText = (status: unknown, promotions: unknown): string => {
  const s = placementStatusOf(status);
  const arrow = typeof promotions === "number" && promotions > 0 && s !== "completed" ? " ↑" : "";
  return `${PLACEMENT_STATUS_LABELS[s]}${arrow}`;
};

/** The last sea service as text: rank, vessel, sign-on – sign-off; "None" without any. */
export const lastExperienceText = (a: {
  vessel_last_rank_title?: unknown;
  vessel_last_name?: unknown;
  vessel_last_date_on?: unknown;
  last_contract_soff?: unknown;
}): string => {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const date = (v: unknown) => (typeof v === "string" ? formatDate(v) : "");
  const vessel = text(a.vessel_last_name);
  if (!vessel) return "None";
  const period = [date(a.vessel_last_date_on), date(a.last_contract_soff)].filter(Boolean).join(" – ");
  return [text(a.vessel_last_rank_title), vessel, period].filter(Boolean).join(", ");
};

/** The placement-status choices of a form: on board and completed are set by planning, not by hand. */
export const PLACEMENT_CHOICES = PLACEMENT_STATUSES.map((value) => ({
  value,
  label: PLACEMENT_STATUS_LABELS[value],
  disabled: value === "on_board" || value === "completed",
}));
