import { PLACEMENT_STATUS_LABELS, type TPlacementStatus } from "@crew/contracts";
import { formatMoney } from "../../lib/numbers";

/** What a timeplan's label is built from (the answer's attributes, spec 002 §3). */
export interface TPlanLabelData {
  status: TPlacementStatus;
  user_name: string | null;
  to_publish?: boolean;
  offer?: number | null;
  telegram_bot: boolean;
  repair_team: boolean;
  problem_newcomer: boolean;
  port_name: string | null;
  start: string;
  readiness_date: string | null;
  last_comment_body: string | null;
}

/** dd.MM of an ISO date, cut at 'T' (spec 002 §9). */
const dayMonth = (iso: string): string => {
  const [, month = "", day = ""] = iso.split("T")[0]?.split("-") ?? [];
  return `${day}.${month}`;
};

const DOA_STATUSES: readonly TPlacementStatus[] = ["to_propose", "pending_approval", "approved"];

/**
 * A timeplan's label on the scheduler (spec 002 §4): a vacancy gets a globe and its offer when
 * published (never for partner_view); other statuses but Other agency a robot when the
 * seafarer is on the messenger bot; a wrench for a repair team, a trademark for a problem
 * newcomer; '(dd.MM port)' first when a port is set; ' - DOA dd.MM' for proposed, pending and
 * approved seafarers with a readiness date; the last comment at the end.
 */
export const planLabel = (plan: TPlanLabelData, partnerView: boolean): string => {
  const parts: string[] = [];
  if (plan.port_name) parts.push(`(${dayMonth(plan.start)} ${plan.port_name})`);
  const vacancy = plan.status === "vacancy";
  const published = vacancy && plan.to_publish === true && !partnerView;
  if (published) parts.push("🌐");
  if (!vacancy && plan.status !== "other_agency" && plan.telegram_bot) parts.push("🤖");
  if (plan.repair_team) parts.push("🔧");
  if (plan.problem_newcomer) parts.push("™");
  let text = vacancy
    ? PLACEMENT_STATUS_LABELS.vacancy
    : (plan.user_name ?? PLACEMENT_STATUS_LABELS[plan.status]);
  if (published && plan.offer != null) text += ` (${formatMoney(plan.offer, "USD")})`;
  if (DOA_STATUSES.includes(plan.status) && plan.readiness_date)
    text += ` - DOA ${dayMonth(plan.readiness_date)}`;
  if (plan.last_comment_body) text += ` · ${plan.last_comment_body}`;
  parts.push(text);
  return parts.join(" ");
};

/** Style classes of an item (spec 002 §4): by status, by id, and by crew changes signing it on or off. */
export const planClasses = (plan: {
  id: string;
  status: TPlacementStatus;
  crew_change_sign_on_id: number | null;
  crew_change_sign_off_id: number | null;
}): string =>
  [
    "plan",
    `plan--${plan.status}`,
    `plan-${plan.id}`,
    plan.crew_change_sign_on_id !== null ? "plan--sign-on" : "",
    plan.crew_change_sign_off_id !== null ? "plan--sign-off" : "",
  ]
    .filter(Boolean)
    .join(" ");
