import { notifications } from "@mantine/notifications";
import { IconAlertTriangle } from "@tabler/icons-react";
import { NOTICE_AUTO_DISMISS_MS } from "@crew/contracts";
import type { TPlanWarning } from "./warnings";

/** Notices of the planner and crew changes (spec 002 §8). */
export const PLANNER_MESSAGES = {
  created: "The timeplan created successfully",
  updated: "The timeplan updated successfully",
  deleted: "Planning deleted successfully",
  crewChangeCreated: "The crew change created successfully",
  crewChangeUpdated: "The crew change updated successfully",
  crewListUpdated: "Crew list updated successfully",
  inconsistent: "Something went wrong",
} as const;

/** The planning checks' warnings after a save: the plan is saved, but someone should look (twice as long as a notice). */
export const notifyWarnings = (warnings: readonly TPlanWarning[]): void => {
  if (!warnings.length) return;
  notifications.show({
    title: "Check before sending",
    message: warnings.map((w) => `${w.title}: ${w.detail}`).join("\n"),
    color: "yellow",
    icon: <IconAlertTriangle size={18} />,
    autoClose: NOTICE_AUTO_DISMISS_MS * 2,
    withBorder: true,
    style: { whiteSpace: "pre-line" },
  });
};
