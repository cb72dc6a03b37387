import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { timestamps, title, titleFilter } from "./fields.js";

/**
 * The survey creator (spec 002 §3 Survey schema, §7; issue 18 §4; docs/tasks.md "Surveys"). A
 * survey's definition is JSON the server checks against this schema on every write: a title,
 * then questions, each of one kind with a required flag and, for choices, its options.
 */

export const SURVEY_QUESTION_KINDS = [
  "text",
  "number",
  "date",
  "single",
  "multiple",
  "rating",
  "yes_no",
  "file",
] as const;
export type TSurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];
export const SURVEY_QUESTION_KIND_LABELS: Record<TSurveyQuestionKind, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  single: "Single choice",
  multiple: "Multiple choice",
  rating: "Rating",
  yes_no: "Yes / no",
  file: "File",
};
/** Most questions in one survey (a debrief or an appraisal has a few dozen). */
export const SURVEY_MAX_QUESTIONS = 200;
export const SURVEY_MAX_OPTIONS = 50;

const ZText = (max: number) =>
  z.string().trim().min(1, "can't be blank").max(max, `is too long (maximum is ${max} characters)`);

/** Every question has an id (unique in the survey, the key of its answer), a title, a required flag. */
const base = {
  id: z
    .string()
    .trim()
    .min(1, "can't be blank")
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, "may hold letters, digits, _ and - only"),
  title: ZText(500),
  description: z.string().trim().max(2000, "is too long (maximum is 2000 characters)").optional(),
  required: z.boolean().default(false),
};
const ZOptions = z
  .array(ZText(200))
  .min(2, "need at least 2 options")
  .max(SURVEY_MAX_OPTIONS, `may have at most ${SURVEY_MAX_OPTIONS} options`)
  .refine((o) => new Set(o).size === o.length, "must be different from each other");

export const ZSurveyQuestion = z.discriminatedUnion("kind", [
  z.strictObject({ ...base, kind: z.literal("text"), multiline: z.boolean().optional() }),
  z
    .strictObject({
      ...base,
      kind: z.literal("number"),
      min: z.number().finite().optional(),
      max: z.number().finite().optional(),
    })
    .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, {
      message: "must not be less than min",
      path: ["max"],
    }),
  z.strictObject({ ...base, kind: z.literal("date") }),
  z.strictObject({ ...base, kind: z.literal("single"), options: ZOptions }),
  z.strictObject({ ...base, kind: z.literal("multiple"), options: ZOptions }),
  z.strictObject({ ...base, kind: z.literal("rating"), scale: z.number().int().min(3).max(10).default(5) }),
  z.strictObject({ ...base, kind: z.literal("yes_no") }),
  z.strictObject({ ...base, kind: z.literal("file") }),
]);
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;
/** The input shape (defaults not applied): what a builder keeps while editing. */
export type TSurveyQuestionInput = z.input<typeof ZSurveyQuestion>;

export const ZSurveyDefinition = z
  .strictObject({
    title: ZText(255),
    description: z.string().trim().max(5000, "is too long (maximum is 5000 characters)").optional(),
    questions: z
      .array(ZSurveyQuestion)
      .min(1, "need at least one question")
      .max(SURVEY_MAX_QUESTIONS, `may have at most ${SURVEY_MAX_QUESTIONS} questions`),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.questions.forEach((q, i) => {
      if (seen.has(q.id))
        ctx.addIssue({
          code: "custom",
          message: "is used by another question",
          path: ["questions", i, "id"],
        });
      seen.add(q.id);
    });
  });
export type TSurveyDefinition = z.infer<typeof ZSurveyDefinition>;
export type TSurveyDefinitionInput = z.input<typeof ZSurveyDefinition>;

/** The JSON pointer under `definition` of a definition issue: `definition/questions/2/options`. */
export const surveyIssueField = (path: readonly PropertyKey[]): string =>
  ["definition", ...path.map((p) => String(p))].join("/");

/** Notices of the survey screens. */
export const SURVEY_NOTICES = {
  created: "The survey created successfully",
  updated: "Survey updated successfully",
  deleted: "Survey deleted successfully",
} as const;

/** Survey schemas (spec 002 §3): title, definition, author (the signed-in client). */
export const surveySchemas = defineResource({
  type: "survey_schemas",
  permission: "surveyCreator",
  route: "/survey-creator",
  label: { one: "Survey", many: "Surveys" },
  titleAttribute: "title",
  attributes: {
    title: title(),
    /**
     * The survey (ZSurveyDefinition). The kernel takes any object; the binding checks it deeply
     * so a 422 names the path inside it (`/data/attributes/definition/questions/2/options`).
     */
    definition: {
      label: "Survey",
      kind: "textarea",
      required: true,
      form: false,
      list: false,
      input: z.record(z.string(), z.unknown()),
    },
    question_count: { label: "Questions", kind: "number", list: true, form: false },
    author_name: { label: "Author", kind: "text", list: true, form: false },
    ...timestamps,
  },
  relationships: {
    author: { label: "Author", type: "clients", cardinality: "one", readOnly: true, attribute: "author_id" },
  },
  filters: { title: titleFilter() },
  search: ["title"],
  defaultSort: "-updated_at",
  verbs: ALL_VERBS,
});
