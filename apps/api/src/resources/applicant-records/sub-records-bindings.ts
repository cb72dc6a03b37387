import { englishTestResults, interviews, recommendations, relatives } from "@crew/contracts";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { attachmentsAddressedTo } from "./attachments-repository.js";
import { applicantRecordsScope } from "./records-scope.js";
import { subRecordsRepository } from "./sub-records-repository.js";

/** Interviews of an applicant: the interviewer is any staff account, the rank any rank (existence only). */
export const interviewsBinding: TResourceEntry = bindResource(
  interviews,
  "Interview",
  subRecordsRepository,
)({
  scope: applicantRecordsScope,
  relations: { attachments: { kind: "loaded", load: attachmentsAddressedTo("interviews") } },
  toData: (_input, _defaults, ctx) => (ctx.mode === "create" ? { authorId: ctx.actor.id } : {}),
});

/** Relatives (next of kin): the relation type from its reference list. */
export const relativesBinding: TResourceEntry = bindResource(
  relatives,
  "Relative",
  subRecordsRepository,
)({
  scope: applicantRecordsScope,
  toData: (_input, _defaults, ctx) => (ctx.mode === "create" ? { authorId: ctx.actor.id } : {}),
});

export const recommendationsBinding: TResourceEntry = bindResource(
  recommendations,
  "Recommendation",
  subRecordsRepository,
)({
  scope: applicantRecordsScope,
  toData: (_input, _defaults, ctx) => (ctx.mode === "create" ? { authorId: ctx.actor.id } : {}),
});

export const englishTestResultsBinding: TResourceEntry = bindResource(
  englishTestResults,
  "EnglishTestResult",
  subRecordsRepository,
)({
  scope: applicantRecordsScope,
  toData: (_input, _defaults, ctx) => (ctx.mode === "create" ? { authorId: ctx.actor.id } : {}),
});
