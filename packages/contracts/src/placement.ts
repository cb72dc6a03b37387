import { z } from "zod";

/**
 * Crewing placement statuses (spec 001 §3, DOMAIN.md "Seafarer placement"): a seafarer's cycle
 * from an open vacancy to completed service. Used by applicants and by timeplans.
 */
export const PLACEMENT_STATUSES = [
  "vacancy",
  "to_propose",
  "pending_approval",
  "approved",
  "on_board",
  "completed",
  "other_agency",
] as const;
export type TPlacementStatus = (typeof PLACEMENT_STATUSES)[number];
export const ZPlacementStatus = z.enum(PLACEMENT_STATUSES);

export const PLACEMENT_STATUS_LABELS: Readonly<Record<TPlacementStatus, string>> = {
  vacancy: "Vacancy",
  to_propose: "To propose",
  pending_approval: "Pending approval",
  approved: "Approved",
  on_board: "On board",
  completed: "Completed",
  other_agency: "Other agency",
};

/** Colours of the statuses on the planner and in print-outs (ARGB without alpha: RRGGBB). */
export const PLACEMENT_STATUS_COLOURS: Readonly<Record<TPlacementStatus, string>> = {
  vacancy: "E57373",
  to_propose: "FFB74D",
  pending_approval: "FFD54F",
  approved: "64B5F6",
  on_board: "81C784",
  completed: "B0BEC5",
  other_agency: "CE93D8",
};

export const placementStatusOptions = PLACEMENT_STATUSES.map((value) => ({
  value,
  label: PLACEMENT_STATUS_LABELS[value],
}));
