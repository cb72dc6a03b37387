import type { TScreenMessages } from "../../resources/screen-config";

/**
 * Notices of spec 001 §8 for applicants, naming them as their screens do: seafarers (issue 22
 * point 18; the spec's "User …" read as the staff accounts' notices).
 */
export const APPLICANT_MESSAGES: Partial<TScreenMessages> = {
  created: "Seafarer created successfully",
  updated: "Seafarer updated successfully",
  deleted: "Seafarer deleted successfully",
};

export const UPDATE_APPLICANT_ERROR = "The seafarer could not be updated";
