import { surveyResponses } from "@crew/contracts";
import { z } from "zod";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { surveyResponsesRepository } from "./survey-responses-repository.js";

const ZLoaded = z.object({
  surveySchema: z.object({ title: z.string() }).nullable().catch(null),
  user: z.object({ name: z.string(), surname: z.string() }).nullable().catch(null),
  submittedAt: z.date().nullable().catch(null),
  expiresAt: z.date().catch(new Date(0)),
});

/**
 * Survey answers (docs/tasks.md "Sending a survey"): read under the survey
 * (`GET /api/survey_schemas/{id}/survey_responses`) and on the seafarer's record
 * (`GET /api/users/{id}/survey_responses`). Written only by the send and the public form.
 */
export const surveyResponsesBinding: TResourceEntry = bindResource(
  surveyResponses,
  "SurveyResponse",
  surveyResponsesRepository,
)({
  include: { surveySchema: { select: { title: true } }, user: { select: { name: true, surname: true } } },
  computed: {
    survey_title: (row) => ZLoaded.parse(row).surveySchema?.title ?? null,
    applicant_name: (row) => {
      const u = ZLoaded.parse(row).user;
      return u ? [u.surname, u.name].filter(Boolean).join(" ") : null;
    },
    status: (row) => {
      const r = ZLoaded.parse(row);
      if (r.submittedAt) return "answered";
      return r.expiresAt.getTime() < Date.now() ? "expired" : "waiting";
    },
  },
});
