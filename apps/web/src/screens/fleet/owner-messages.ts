/** Spec 002 section 8: notices of an owner's people. */
export const OWNER_NOTICES = {
  /** Spec: "on adding an inspector the caller's message is shown". */
  inspectorAssigned: (label: string) => `${label} is assigned as Crew Inspector successfully`,
  inspectorUnassigned: "The Crew Inspector is unassigned successfully",
  recruiterAssigned: (label: string) => `${label} user is assigned successfully`,
  recruiterUnassigned: "The user is unassigned successfully",
} as const;
