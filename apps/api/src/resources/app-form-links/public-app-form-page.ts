import type { TExternalField } from "@crew/contracts";
import { publicPage } from "../surveys/public-survey-page.js";
import { esc } from "../vacancies/public-jobs.js";
import { APP_FORM_SECTIONS, isRequired, labelOf, type TFormValues } from "./app-form-fields.js";

/**
 * The seafarer's application form (issue 19 §3; docs/outside-channels.md): plain HTML with no
 * script on the survey form's page shell, a phone first, posted back to its own address, the
 * problems shown field by field. Every text is escaped.
 */

const valueOf = (values: TFormValues, name: string): string => {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
};

const INPUT_ATTRS: Record<string, string> = {
  email: ' inputmode="email" autocomplete="email"',
  tel: ' inputmode="tel" autocomplete="tel"',
  number: ' inputmode="numeric" step="1"',
};

const fieldHtml = (
  name: TExternalField,
  type: string,
  values: TFormValues,
  error: string | undefined,
): string => {
  const id = `f-${name}`;
  const value = esc(valueOf(values, name));
  const bad = error ? ` class="bad" aria-invalid="true" aria-describedby="e-${name}"` : "";
  const req = isRequired(name) ? " required" : "";
  const input =
    type === "textarea"
      ? `<textarea id="${id}" name="${name}" rows="3" maxlength="1000"${bad}${req}>${value}</textarea>`
      : `<input type="${type}" id="${id}" name="${name}" value="${value}" maxlength="255"${INPUT_ATTRS[type] ?? ""}${bad}${req}>`;
  return `<div><label for="${id}">${esc(labelOf(name))}${req ? ' <span class="req" title="required">*</span>' : ""}</label>
${input}${error ? `<p class="err" id="e-${name}" role="alert">${esc(error)}</p>` : ""}</div>`;
};

/** The form: the applicant's data as we hold it (or as posted), with the problems when a submit was refused. */
export const appFormPage = (
  company: string,
  values: TFormValues,
  errors: Partial<Record<TExternalField, string>> = {},
): string =>
  publicPage(
    "Application form",
    company,
    `<h1>Application form</h1>
<p>Please check your details, correct what has changed and fill in what is missing. ${esc(company)} reviews them before they reach your record.</p>
${Object.keys(errors).length ? `<p class="err" role="alert">Please check the fields marked below.</p>` : ""}
<form method="post" novalidate>
${APP_FORM_SECTIONS.map(
  (s) =>
    `<fieldset><legend>${esc(s.title)}</legend>${s.fields.map((f) => fieldHtml(f.name, f.type, values, errors[f.name])).join("\n")}</fieldset>`,
).join("\n")}
<button type="submit">Send</button>
</form>`,
  );

export const appFormThanksPage = (company: string): string =>
  publicPage(
    "Thank you",
    company,
    `<div class="box"><h1>Thank you</h1><p>Your details have reached ${esc(company)}. A recruiter will review them.</p></div>`,
  );

export const appFormSubmittedPage = (company: string): string =>
  publicPage(
    "Already sent",
    company,
    `<div class="box"><h1>Already sent</h1><p>This form has been sent. If something changed since, ask ${esc(company)} for a new link.</p></div>`,
  );

/** One page for unknown, forged, expired, replaced and deleted links: a link's existence is not told apart from its absence. */
export const appFormGonePage = (company: string): string =>
  publicPage(
    "Link not valid",
    company,
    `<div class="box"><h1>This link is not valid</h1><p>It may have expired or been replaced. Ask ${esc(company)} for a new one.</p></div>`,
  );

export const appFormTooManyPage = (company: string): string =>
  publicPage(
    "Too many tries",
    company,
    `<div class="box"><h1>Too many tries</h1><p>Please wait a few minutes and try again.</p></div>`,
  );
