import type { TScreenMessages } from "../../resources/screen-config";

/** Spec 002 section 8, crew-change notices of the generic screens. */
export const CREW_CHANGE_MESSAGES: TScreenMessages = {
  created: "The crew change created successfully",
  updated: "Crew change updated successfully",
  deleted: "Crew change deleted successfully",
};
