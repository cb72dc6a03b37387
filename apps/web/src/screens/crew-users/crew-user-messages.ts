import type { TScreenMessages } from "../../resources/screen-config";

/** Spec 002 section 8, crew-user notices. */
export const CREW_USER_MESSAGES: TScreenMessages = {
  created: "User created successfully",
  updated: "The user updated successfully",
  deleted: "User deleted successfully",
};
