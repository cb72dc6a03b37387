import type { TScreenMessages } from "../../resources/screen-config";

/** Spec 002 section 8, rank notices (their wording, as written there). */
export const RANK_MESSAGES: TScreenMessages = {
  created: "The rank has successfully created",
  updated: "The rank has successfully updated",
  deleted: "The rank has successfully deleted",
};

export const RANKS_SORTED_MESSAGE = "The ranks sorted successfully";
