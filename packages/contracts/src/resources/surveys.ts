import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { ZRecordId } from "./applicant-fields.js";
import { createdAt, timestamps, title, titleFilter } from "./fields.js";

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
  sent: "The survey is on its way",
  tagSent: "The survey is on its way to the tag",
} as const;

/** How long a survey link stays usable (a debrief is often answered days after sign-off). */
export const SURVEY_LINK_TTL_MS = 30 * 86_400_000;
/** Most seafarers one send names (a larger audience is a broadcast to a tag). */
export const SURVEY_SEND_MAX = 500;
/** Longest text answer. */
export const SURVEY_ANSWER_TEXT_MAX = 5000;

/** POST /api/survey_schemas/{id}/send: the applicants to send the survey to. */
export const ZSurveySend = z.strictObject({
  user_ids: z
    .array(ZRecordId)
    .min(1, "choose at least one seafarer")
    .max(SURVEY_SEND_MAX, `may name at most ${SURVEY_SEND_MAX} seafarers`)
    .refine((ids) => new Set(ids).size === ids.length, "names a seafarer twice"),
});

/** Background task kind of a survey sent to a tag (its Telegram delivery's progress). */
export const SURVEY_TAG_SEND_KIND = "survey_schemas.send_to_tag";

/**
 * POST /api/survey_schemas/{id}/send_to_tag {tag_id, confirm?}: the survey to every applicant of
 * a tag. Without `confirm` nothing is written: a 409 whose error meta is the count
 * (ZSurveyTagCount). With `confirm` (the `reach` the sender was shown, still true) the links are
 * made; a count that no longer holds is a 409 with the new count.
 */
export const ZSurveySendToTag = z.strictObject({
  tag_id: ZRecordId,
  confirm: z.number().int("must be a whole number").min(1, "must be at least 1").optional(),
});

/**
 * Who a send to a tag reaches: the tag's applicants the sender reads (`seafarers`); of them
 * those who answered (`answered`) and those holding a link still open (`open_links`) are left
 * alone; the others (`reach`) get a new link, `on_telegram` of them from the bot and
 * `without_telegram` as links staff pass on.
 */
export const ZSurveyTagCount = z.object({
  tag_id: z.number(),
  tag: z.string(),
  seafarers: z.number(),
  answered: z.number(),
  open_links: z.number(),
  reach: z.number(),
  on_telegram: z.number(),
  without_telegram: z.number(),
});
export type TSurveyTagCount = z.infer<typeof ZSurveyTagCount>;

/** What a confirmed send to a tag answers: the count, the delivery's task, and the links to pass on by hand. */
export const ZSurveySendToTagAnswer = z.object({
  data: ZSurveyTagCount.extend({
    /** The Telegram delivery's progress (GET /api/background_tasks/{id}); null when nobody is on Telegram. */
    background_task_id: z.string().nullable(),
    links: z.array(z.object({ user_id: z.string(), name: z.string(), url: z.string() })),
  }),
  meta: z.object({ message: z.string() }).optional(),
});
export type TSurveySendToTagAnswer = z.infer<typeof ZSurveySendToTagAnswer>;

/** How a survey reached a seafarer: as a Telegram message, or as a link staff pass on. */
export const SURVEY_CHANNELS = ["telegram", "link"] as const;
export type TSurveyChannel = (typeof SURVEY_CHANNELS)[number];

/** One answer as stored, by question kind (a file question is answered by sending the file on Telegram). */
export type TSurveyAnswer = string | number | boolean | string[];
export type TSurveyAnswers = Record<string, TSurveyAnswer>;

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "is not a date")
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, "is not a date");

/** The check of one question's answer (undefined: the question takes no answer on the form). */
const answerSchema = (q: TSurveyQuestion): z.ZodType<TSurveyAnswer> | undefined => {
  switch (q.kind) {
    case "text":
      return z
        .string()
        .trim()
        .min(1, "can't be blank")
        .max(SURVEY_ANSWER_TEXT_MAX, `is too long (maximum is ${SURVEY_ANSWER_TEXT_MAX} characters)`);
    case "number": {
      let n = z.number({ error: "is not a number" }).finite();
      if (q.min !== undefined) n = n.min(q.min, `must be at least ${q.min}`);
      if (q.max !== undefined) n = n.max(q.max, `must be at most ${q.max}`);
      return n;
    }
    case "date":
      return ZDay;
    case "single":
      return z.enum(q.options as [string, ...string[]], { error: "is not one of the options" });
    case "multiple":
      return z
        .array(z.enum(q.options as [string, ...string[]], { error: "is not one of the options" }))
        .min(1, "choose at least one")
        .refine((a) => new Set(a).size === a.length, "names an option twice");
    case "rating":
      return z
        .number()
        .int("is not a whole number")
        .min(1, "must be at least 1")
        .max(q.scale, `must be at most ${q.scale}`);
    case "yes_no":
      return z.boolean({ error: "must be yes or no" });
    case "file":
      return undefined;
  }
};

/**
 * The answers to `definition` by question id: each checked by its kind, required ones present,
 * no key the survey does not ask. Shared by the public form's server check and the results.
 */
export const surveyAnswersSchema = (definition: TSurveyDefinition): z.ZodType<TSurveyAnswers> => {
  const shape: Record<string, z.ZodType> = {};
  for (const q of definition.questions) {
    const s = answerSchema(q);
    if (!s) continue;
    shape[q.id] = q.required ? s : s.optional();
  }
  return z.strictObject(shape) as unknown as z.ZodType<TSurveyAnswers>;
};

/** The results of one question across the answers received (GET /api/survey_schemas/{id}/results). */
export const ZSurveyQuestionResult = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  answered: z.number(),
  /** Choices, yes/no and ratings: how many picked each value, in the question's order. */
  counts: z.array(z.object({ value: z.string(), count: z.number() })).optional(),
  /** Numbers and ratings. */
  average: z.number().nullable().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  /** Text and dates: the latest answers with who gave them (at most 20). */
  latest: z.array(z.object({ user_id: z.string(), name: z.string(), value: z.string() })).optional(),
});
export type TSurveyQuestionResult = z.infer<typeof ZSurveyQuestionResult>;
export const ZSurveyResults = z.object({
  survey_id: z.string(),
  title: z.string(),
  sent: z.number(),
  answered: z.number(),
  questions: z.array(ZSurveyQuestionResult),
});
export type TSurveyResults = z.infer<typeof ZSurveyResults>;
/** What GET /api/survey_schemas/{id}/results answers: the results as the document's data. */
export const ZSurveyResultsAnswer = z.object({ data: ZSurveyResults });

/** What POST /api/survey_schemas/{id}/send answers: who got it how, and who was skipped. */
export const ZSurveySendAnswer = z.object({
  data: z.object({
    sent: z.array(
      z.object({ user_id: z.string(), name: z.string(), channel: z.enum(SURVEY_CHANNELS), url: z.string() }),
    ),
    skipped: z.array(z.object({ user_id: z.string(), name: z.string(), reason: z.string() })),
  }),
  meta: z.object({ message: z.string() }).optional(),
});
export type TSurveySendAnswer = z.infer<typeof ZSurveySendAnswer>;

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
  actions: {
    /**
     * POST /api/survey_schemas/{id}/send {user_ids}: a personal link per seafarer, sent on
     * Telegram to those who linked it; the others' links come back for staff to pass on.
     */
    send: {
      label: "Send to seafarers",
      method: "POST",
      on: "member",
      permission: { key: "surveyCreator", action: "create" },
      input: ZSurveySend,
    },
    /**
     * POST /api/survey_schemas/{id}/send_to_tag {tag_id, confirm?}: count first (a 409 with the
     * count), then one link per seafarer of the tag, delivered on Telegram by the broadcast queue.
     */
    send_to_tag: {
      label: "Send to a tag",
      method: "POST",
      on: "member",
      permission: { key: "surveyCreator", action: "create" },
      input: ZSurveySendToTag,
    },
    /** GET /api/survey_schemas/{id}/results: per question, across the answers received. */
    results: {
      label: "Results",
      method: "GET",
      on: "member",
      permission: { key: "surveyCreator", action: "read" },
    },
    /** GET /api/survey_schemas/{id}/results_xlsx: every answer, one row per seafarer, and the summary. */
    results_xlsx: {
      label: "Results (xlsx)",
      method: "GET",
      on: "member",
      permission: { key: "surveyCreator", action: "read" },
    },
  },
});

/** A survey sent to one seafarer, and their answers once submitted (docs/tasks.md "Sending a survey"). */
export const SURVEY_RESPONSE_STATUSES = ["waiting", "answered", "expired"] as const;
export const surveyResponses = defineResource({
  type: "survey_responses",
  permission: "surveyCreator",
  label: { one: "Survey answer", many: "Survey answers" },
  titleAttribute: "survey_title",
  attributes: {
    survey_title: { label: "Survey", kind: "text", list: true },
    applicant_name: { label: "Seafarer", kind: "text", list: true },
    status: {
      label: "Status",
      kind: "select",
      list: true,
      options: SURVEY_RESPONSE_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
    },
    channel: {
      label: "Sent by",
      kind: "select",
      list: true,
      options: [
        { value: "telegram", label: "Telegram" },
        { value: "link", label: "Link" },
      ],
    },
    /** The answers by question id, as the seafarer gave them. */
    answers: { label: "Answers", kind: "textarea", list: false },
    submitted_at: { label: "Answered", kind: "datetime", list: true },
    expires_at: { label: "Link valid until", kind: "datetime" },
    created_at: { ...createdAt, label: "Sent" },
  },
  relationships: {
    survey_schema: { label: "Survey", type: "survey_schemas", cardinality: "one", readOnly: true },
    user: { label: "Seafarer", type: "users", cardinality: "one", readOnly: true },
    author: { label: "Sent by", type: "clients", cardinality: "one", readOnly: true },
  },
  parents: [
    { type: "survey_schemas", relationship: "survey_schema", path: "survey_responses" },
    { type: "users", relationship: "user", path: "survey_responses", tab: "surveys" },
  ],
  defaultSort: "-created_at",
  verbs: ["list", "show"],
  live: true,
});
