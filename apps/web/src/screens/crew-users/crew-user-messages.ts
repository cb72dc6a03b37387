import type { TScreenMessages } from "../../resources/screen-config";

/** Spec 002 section 8, crew-user notices, naming staff accounts "crew users" as their screens do (issue 22 point 18). */
export const CREW_USER_MESSAGES: TScreenMessages = {
  created: "Crew user created successfully",
  updated: "Crew user updated successfully",
  deleted: "Crew user deleted successfully",
};

/** Spec 002 section 8: a crew user's assignments. */
export const ASSIGNMENT_NOTICES = {
  vesselAssigned: (label: string) => `${label} vessel has assigned successfully`,
  vesselUnassigned: "The vessel has unassigned successfully",
  ownerAssigned: (label: string) => `${label} owner has assigned successfully`,
  ownerUnassigned: "The owner has unassigned successfully",
  coordinatorAssigned: "User is assigned as Crew Coordinator successfully",
  coordinatorUnassigned: "Crew Coordinator unassigned successfully",
  inspectorAssigned: (label: string) => `User is assigned as Crew Inspector of ${label} successfully`,
  inspectorUnassigned: "The Crew Inspector is unassigned successfully",
} as const;
