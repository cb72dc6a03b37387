import { VACANCY_NOTICES } from "@crew/contracts";
import type { TScreenMessages } from "../../resources/screen-config";

/** Spec 002 section 8: the notice of a new application. */
export const VACANCY_APPLY_MESSAGES: TScreenMessages = {
  created: VACANCY_NOTICES.applied,
  updated: VACANCY_NOTICES.statusUpdated,
  deleted: "Vacancy application deleted successfully",
};
