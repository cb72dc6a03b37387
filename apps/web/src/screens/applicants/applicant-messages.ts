import type { TScreenMessages } from "../../resources/screen-config";

/** Notices of spec 001 §8 for applicants. */
export const APPLICANT_MESSAGES: Partial<TScreenMessages> = {
  created: "User created successfully",
  updated: "The user updated successfully",
  deleted: "User deleted successfully",
};

export const UPDATE_APPLICANT_ERROR = "Update user error";
