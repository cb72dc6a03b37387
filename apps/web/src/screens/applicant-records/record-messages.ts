import type { TScreenMessages } from "../../resources/screen-config";

/** Notices of the applicant records (spec 001 §8); the generic ones elsewhere. */
export const VERIFICATION_MESSAGES: TScreenMessages = {
  created: "The verification created successfully",
  updated: "Verification updated successfully",
  deleted: "The verification deleted successfully",
};

export const PERFORMANCE_MESSAGES: TScreenMessages = {
  created: "The performance created successfully",
  updated: "The performance updated successfully",
  deleted: "The performance deleted successfully",
};

export const SEA_SERVICE_MESSAGES: Partial<TScreenMessages> = {
  created: "Sea service created successfully",
  updated: "Sea service updated successfully",
  deleted: "Sea service deleted successfully",
};

export const FILES_RENAMED = "File(s) have been renamed successfully.";
export const DOCUMENT_ORDER_SAVED = "The order of the documents is saved";
