import { PLACEMENT_STATUS_LABELS, PLACEMENT_STATUSES } from "@crew/contracts";
import { Text } from "@mantine/core";
import { Legend, type TLegendEntry } from "../../lib/Legend";

const symbol = (text: string) => (
  <Text span size={text.length > 2 ? "xs" : "md"} lh={1} style={{ whiteSpace: "nowrap" }}>
    {text}
  </Text>
);
/** A plan's bar as the timeline draws it (planner.css styles `.planner-legend-bar.plan--…` as the timeline's bars). */
const bar = (classes: string, text = "") => <span className={`planner-legend-bar ${classes}`}>{text}</span>;

/**
 * The planner's marks (issue 22 point 19): the symbols of a plan's label (spec 002 §4), the
 * colours of its statuses, the crew change's edges and the warning.
 */
export const PLANNER_LEGEND: readonly TLegendEntry[] = [
  { mark: symbol("🌐"), text: "A vacancy published on the website, with its offer" },
  { mark: symbol("🤖"), text: "The seafarer is on the messenger bot" },
  { mark: symbol("🔧"), text: "A repair team, not the regular crew" },
  { mark: symbol("™"), text: "A problem newcomer (flagged on the seafarer)" },
  { mark: symbol("(dd.mm Port)"), text: "Where and when the crew change takes place" },
  { mark: symbol("DOA dd.mm"), text: "The date the seafarer is available (readiness)" },
  { mark: bar("plan--warning", "⚠"), text: "A planning check warns; point at the plan for why" },
  { mark: bar("plan--sign-on"), text: "Signs on at a crew change (green left edge)" },
  { mark: bar("plan--sign-off"), text: "Signs off at a crew change (red right edge)" },
  ...PLACEMENT_STATUSES.map((s) => ({ mark: bar(`plan--${s}`), text: PLACEMENT_STATUS_LABELS[s] })),
];

export const PlannerLegend = () => (
  <Legend title="Planner marks" entries={PLANNER_LEGEND} testId="planner-legend" />
);
