import type {
  TSurveyAnswer,
  TSurveyDefinition,
  TSurveyQuestion,
  TSurveyQuestionResult,
  TSurveyResults,
} from "@crew/contracts";

/** One seafarer's answers as the results read them. */
export interface TAnswered {
  userId: number;
  name: string;
  submittedAt: Date;
  answers: Record<string, TSurveyAnswer>;
}

/** Most text and date answers a question's result lists (the xlsx holds them all). */
const LATEST = 20;

const round = (n: number) => Math.round(n * 100) / 100;

/** The values a choice-like question's counts are kept in, in the question's own order. */
const valuesOf = (q: TSurveyQuestion): string[] | null => {
  switch (q.kind) {
    case "single":
    case "multiple":
      return q.options;
    case "yes_no":
      return ["Yes", "No"];
    case "rating":
      return Array.from({ length: q.scale }, (_, i) => String(i + 1));
    default:
      return null;
  }
};

/** An answer as text (the xlsx cell, a text result). */
export const answerText = (q: TSurveyQuestion, a: TSurveyAnswer | undefined): string => {
  if (a === undefined) return "";
  if (Array.isArray(a)) return a.join("; ");
  if (q.kind === "yes_no") return a === true ? "Yes" : "No";
  return String(a);
};

const questionResult = (q: TSurveyQuestion, rows: readonly TAnswered[]): TSurveyQuestionResult => {
  const given = rows.flatMap((r) => (r.answers[q.id] === undefined ? [] : [{ r, a: r.answers[q.id]! }]));
  const result: TSurveyQuestionResult = { id: q.id, title: q.title, kind: q.kind, answered: given.length };
  const values = valuesOf(q);
  if (values) {
    const counts = new Map(values.map((v) => [v, 0]));
    for (const { a } of given)
      for (const v of Array.isArray(a) ? a : [answerText(q, a)])
        if (counts.has(v)) counts.set(v, counts.get(v)! + 1);
    result.counts = values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
  }
  if (q.kind === "number" || q.kind === "rating") {
    const nums = given.map(({ a }) => a).filter((a): a is number => typeof a === "number");
    result.average = nums.length ? round(nums.reduce((s, n) => s + n, 0) / nums.length) : null;
    result.min = nums.length ? Math.min(...nums) : null;
    result.max = nums.length ? Math.max(...nums) : null;
  }
  if (q.kind === "text" || q.kind === "date") {
    result.latest = [...given]
      .sort((x, y) => y.r.submittedAt.getTime() - x.r.submittedAt.getTime())
      .slice(0, LATEST)
      .map(({ r, a }) => ({ user_id: String(r.userId), name: r.name, value: answerText(q, a) }));
  }
  return result;
};

/**
 * The results of a survey per question of its current definition (answers to questions since
 * removed are left out; a question added later simply has fewer answers).
 */
export const surveyResults = (
  surveyId: number,
  definition: TSurveyDefinition,
  sent: number,
  rows: readonly TAnswered[],
): TSurveyResults => ({
  survey_id: String(surveyId),
  title: definition.title,
  sent,
  answered: rows.length,
  questions: definition.questions.filter((q) => q.kind !== "file").map((q) => questionResult(q, rows)),
});
