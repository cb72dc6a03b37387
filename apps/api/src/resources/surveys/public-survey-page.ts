import type { TSurveyDefinition, TSurveyQuestion } from "@crew/contracts";
import { esc } from "../vacancies/public-jobs.js";

/**
 * The seafarer's survey form (docs/tasks.md "Sending a survey"): plain HTML with no script, on a
 * phone first, posted back to its own address. Every text is escaped.
 */

/** What the form posts: a text per field, several for checkboxes. */
export type TFormBody = Record<string, string | string[] | undefined>;

/** The page shell of the seafarers' public forms (this survey, the application form): no script, phone first. */
export const publicPage = (title: string, company: string, body: string, css = ""): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1a1b1e;background:#f8f9fa}
h1{font-size:1.5rem;margin:.25rem 0 .5rem}.muted{color:#5c5f66;font-size:.9rem}
fieldset{border:1px solid #dee2e6;border-radius:8px;background:#fff;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}.req{color:#e03131}
label.opt{display:flex;gap:.5rem;align-items:center;padding:.35rem 0;min-height:2rem}
input[type=text],input[type=number],input[type=date],input[type=email],input[type=tel],textarea,select{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #ced4da;border-radius:6px}
input[type=radio],input[type=checkbox]{width:1.2rem;height:1.2rem}
.scale{display:flex;flex-wrap:wrap;gap:.25rem}.scale label{display:flex;flex-direction:column;align-items:center;min-width:2.5rem}
.err{color:#e03131;font-size:.9rem;margin:.25rem 0 0}label[for]{display:block;margin:.5rem 0 .2rem}.bad{border-color:#e03131}
button{font:inherit;font-weight:600;background:#1c7ed6;color:#fff;border:0;border-radius:6px;padding:.75rem 1.5rem;width:100%}
.box{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:1rem}${css}</style></head>
<body><p class="muted">${esc(company)}</p>${body}</body></html>`;

const valuesOf = (body: TFormBody | undefined, id: string): string[] => {
  const v = body?.[id];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

const field = (q: TSurveyQuestion, body: TFormBody | undefined, error: string | undefined): string => {
  const name = esc(q.id);
  const given = valuesOf(body, q.id);
  const first = given[0] ?? "";
  const bad = error ? ' class="bad" aria-invalid="true"' : "";
  // One-input questions are named by their legend (a screen reader reads the question, not "edit").
  const req =
    (q.required ? " required" : "") +
    (["text", "number", "date"].includes(q.kind) ? ` aria-labelledby="l-${name}"` : "");
  const choice = (type: "radio" | "checkbox", value: string, label = value) =>
    `<label class="opt"><input type="${type}" name="${name}" value="${esc(value)}"${given.includes(value) ? " checked" : ""}${type === "radio" ? req : ""}> ${esc(label)}</label>`;
  let input: string;
  switch (q.kind) {
    case "text":
      input = q.multiline
        ? `<textarea id="${name}" name="${name}" rows="4" maxlength="5000"${bad}${req}>${esc(first)}</textarea>`
        : `<input type="text" id="${name}" name="${name}" maxlength="5000" value="${esc(first)}"${bad}${req}>`;
      break;
    case "number":
      input = `<input type="number" step="any" inputmode="decimal" id="${name}" name="${name}" value="${esc(first)}"${q.min !== undefined ? ` min="${q.min}"` : ""}${q.max !== undefined ? ` max="${q.max}"` : ""}${bad}${req}>`;
      break;
    case "date":
      input = `<input type="date" id="${name}" name="${name}" value="${esc(first)}"${bad}${req}>`;
      break;
    case "single":
      input = q.options.map((o) => choice("radio", o)).join("");
      break;
    case "multiple":
      input = q.options.map((o) => choice("checkbox", o)).join("");
      break;
    case "rating":
      input = `<div class="scale">${Array.from({ length: q.scale }, (_, i) => {
        const v = String(i + 1);
        return `<label><input type="radio" name="${name}" value="${v}"${given.includes(v) ? " checked" : ""}${req}>${v}</label>`;
      }).join("")}</div><p class="muted">1 is the lowest, ${q.scale} the highest.</p>`;
      break;
    case "yes_no":
      input = choice("radio", "yes", "Yes") + choice("radio", "no", "No");
      break;
    case "file":
      input = `<p class="muted">Send the file to us on Telegram as a photo or a document: it reaches your record.</p>`;
      break;
  }
  return `<fieldset id="q-${name}"><legend id="l-${name}">${esc(q.title)}${q.required && q.kind !== "file" ? ' <span class="req" title="required">*</span>' : ""}</legend>
${q.description ? `<p class="muted">${esc(q.description)}</p>` : ""}${input}${error ? `<p class="err" role="alert">${esc(error)}</p>` : ""}</fieldset>`;
};

/** The form, with what was posted and the problems per question when a submit was refused. */
export const surveyFormPage = (
  definition: TSurveyDefinition,
  company: string,
  name: string,
  body?: TFormBody,
  errors: Record<string, string> = {},
): string =>
  publicPage(
    definition.title,
    company,
    `<h1>${esc(definition.title)}</h1>
<p>Dear ${esc(name)}, thank you for taking a few minutes.</p>
${definition.description ? `<p>${esc(definition.description)}</p>` : ""}
${Object.keys(errors).length ? `<p class="err" role="alert">Please check the answers marked below.</p>` : ""}
<form method="post" novalidate>
${definition.questions.map((q) => field(q, body, errors[q.id])).join("\n")}
<button type="submit">Send answers</button>
</form>`,
  );

export const surveyThanksPage = (title: string, company: string): string =>
  publicPage(
    title,
    company,
    `<div class="box"><h1>Thank you</h1><p>Your answers to “${esc(title)}” have reached ${esc(company)}.</p></div>`,
  );

export const surveyAnsweredPage = (company: string): string =>
  publicPage(
    "Already answered",
    company,
    `<div class="box"><h1>Already answered</h1><p>This survey has been answered. Thank you.</p></div>`,
  );

/** One page for unknown, forged and expired links: a link's existence is not told apart from its absence. */
export const surveyGonePage = (company: string): string =>
  publicPage(
    "Link not valid",
    company,
    `<div class="box"><h1>This link is not valid</h1><p>It may have expired. Ask ${esc(company)} for a new one.</p></div>`,
  );

/**
 * What the form posted, as answers to check (contracts surveyAnswersSchema): empty fields left
 * out, numbers and ratings as numbers, yes/no as booleans. A value of the wrong shape is kept as
 * it came, so the check names it.
 */
export const answersFromForm = (definition: TSurveyDefinition, body: TFormBody): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const q of definition.questions) {
    const given = valuesOf(body, q.id)
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (!given.length || q.kind === "file") continue;
    const first = given[0]!;
    switch (q.kind) {
      case "multiple":
        out[q.id] = given;
        break;
      case "number":
      case "rating":
        out[q.id] = Number.isFinite(Number(first)) ? Number(first) : first;
        break;
      case "yes_no":
        out[q.id] = first === "yes" ? true : first === "no" ? false : first;
        break;
      default:
        out[q.id] = first;
    }
  }
  return out;
};
