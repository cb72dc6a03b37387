import type { TScreenMessages } from "../../resources/screen-config";

/** Spec 002 section 8: the vessel screens' notices. */
export const VESSEL_MESSAGES: TScreenMessages = {
  created: "Vessel created successfully!",
  updated: "Vessel updated successfully",
  deleted: "Vessel deleted successfully",
};

export const FLEET_NOTICES = {
  photoUpdated: "Photo updated successfully",
  ownerSet: (label: string) => `${label} is set as owner successfully`,
  ownerDeleted: "The owner deleted successfully",
  managerSet: (label: string) => `${label} is set as manager successfully`,
  managerDeleted: "The manager deleted successfully",
  coordinatorSet: (label: string) => `${label} is set as Crew Coordinator successfully`,
  coordinatorDeleted: "Crew Coordinator deleted successfully",
  rankAdded: (label: string) => `${label} rank has added successfully`,
  scaleCopied: "Manning scale has copied successfully",
  scaleRowUpdated: "Manning scale row updated successfully",
  scaleRowArchived: "Manning scale row archived successfully",
  scaleRowRestored: "Manning scale row restored successfully",
  scaleRowDeleted: "Manning scale row deleted successfully",
  scaleSorted: "The manning scale sorted successfully",
  userAssigned: (label: string) => `${label} user is assigned successfully`,
  userUnassigned: "The user is unassigned successfully",
  importsAdded: "IMOs added to parse successfully",
  importsFailed: "Error while adding IMOs to parse",
  registryLoginWrong: "Updating failed. Equasis login or password is wrong.",
  accountSaved: "Equasis account saved successfully",
} as const;
