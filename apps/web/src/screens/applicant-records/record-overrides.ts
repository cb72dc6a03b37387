import { lazy } from "react";
import type { TScreenOverride } from "../../resources/screen-registry";
import { PERFORMANCE_MESSAGES, SEA_SERVICE_MESSAGES, VERIFICATION_MESSAGES } from "./record-messages";

/**
 * The applicant records' screens (spec 001 §2) as overrides of the generic ones: an applicant's
 * (and a vessel's) sea service with verifications, performance and coincidences; documents with
 * endorsements, validity marks, order and standard file names. Interviews, relatives,
 * recommendations, English tests and attachments keep the generic tab, forms and notices.
 */
export const RECORD_OVERRIDES: Readonly<Record<string, TScreenOverride>> = {
  expiriences: {
    messages: SEA_SERVICE_MESSAGES,
    Related: lazy(() => import("./SeaServiceList").then((m) => ({ default: m.SeaServiceList }))),
    Form: lazy(() => import("./SeaServiceForm").then((m) => ({ default: m.SeaServiceForm }))),
  },
  applicant_documents: {
    Related: lazy(() => import("./DocumentsList").then((m) => ({ default: m.DocumentsList }))),
    Form: lazy(() => import("./DocumentForm").then((m) => ({ default: m.DocumentForm }))),
  },
  experience_verifications: { messages: VERIFICATION_MESSAGES },
  user_performances: { messages: PERFORMANCE_MESSAGES },
};
