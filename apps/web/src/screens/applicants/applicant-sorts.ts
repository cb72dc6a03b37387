import type { TColumn } from "../../resources/list/columns";

/** Everything the applicant list sorts by, for the sort menu (spec 001 sortingMenu). */
const SORTS: readonly [string, string][] = [
  ["created_at", "Added"],
  ["updated_at", "Updated"],
  ["surname", "Name"],
  ["crewing_applicant_id", "Applicant No."],
  ["age", "Age"],
  ["status", "Status"],
  ["readiness_date", "Readiness"],
  ["wage", "Expected wage"],
  ["vessel_last_name", "Last vessel"],
  ["last_contract_soff", "Last sign-off"],
  ["vessel_planned_name", "Planned vessel"],
  ["date_planned", "Planned date"],
  ["promotions_count", "Promotions"],
  ["last_contact", "Last contact"],
];

/** The sorts as columns the generic sort menu lists (never drawn as cells). */
export const SORT_MENU_COLUMNS: TColumn[] = SORTS.map(([field, label]) => ({
  key: `sort:${field}`,
  label,
  sortField: field,
  render: () => "",
}));
