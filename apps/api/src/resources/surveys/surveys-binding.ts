import { ZSurveyDefinition, surveyIssueField, surveySchemas } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { textAt } from "../planning/row-read.js";

const questionCount = (definition: unknown): number => {
  if (typeof definition !== "object" || definition === null) return 0;
  const questions = (definition as { questions?: unknown }).questions;
  return Array.isArray(questions) ? questions.length : 0;
};

/**
 * Survey schemas (docs/tasks.md "Surveys"): the definition is checked deeply against the
 * contracts' ZSurveyDefinition on every write (422s name the path inside it); the author is
 * the signed-in client.
 */
export const surveySchemasBinding: TResourceEntry = bindResource(
  surveySchemas,
  "SurveySchema",
)({
  include: { author: { select: { name: true } } },
  computed: {
    question_count: (row) => questionCount(row.definition),
    author_name: (row) => textAt(row, "author", "name"),
  },
  async toData(input, _defaults, ctx) {
    const raw = input.attributes.definition;
    const data: { authorId?: number; definition?: object } =
      ctx.mode === "create" ? { authorId: ctx.actor.id } : {};
    if (raw === undefined) return data;
    const parsed = ZSurveyDefinition.safeParse(raw);
    if (!parsed.success) {
      const seen = new Set<string>();
      const issues = parsed.error.issues
        .map((i) => ({ field: surveyIssueField(i.path), message: i.message }))
        .filter((i) => !seen.has(i.field) && seen.add(i.field))
        .slice(0, 20);
      throw AppError.invalid(issues);
    }
    return { ...data, definition: parsed.data };
  },
});
