import { APP_FORM_MAX_SEA_ROWS, type TExternalField } from "@crew/contracts";
import { publicPage } from "../surveys/public-survey-page.js";
import { esc } from "../vacancies/public-jobs.js";
import {
  APP_FORM_SECTIONS,
  isRequired,
  labelOf,
  SEA_LABELS,
  seaName,
  type TFormValues,
  type TSeaKey,
  type TSeaRow,
} from "./app-form-fields.js";

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

/** What the form shows: the values, the sea service rows, the files sent so far, the problems by field name. */
export interface TAppFormView {
  values: TFormValues;
  sea: readonly TSeaRow[];
  /** How many sea service rows to show (filled and empty). */
  seaCount: number;
  files: readonly { id: number; name: string; filename: string; byteSize: number }[];
  errors?: Record<string, string>;
  /** A line at the top: "Draft saved ...". */
  notice?: string;
  /** A problem with the whole form (no one field to mark), shown at the top as an alert. */
  problem?: string;
}

const CSS =
  ".sea{border-top:1px solid #dee2e6;padding-top:.5rem;margin-top:.5rem}.sea:first-of-type{border:0;margin:0;padding:0}" +
  ".two{display:grid;grid-template-columns:1fr 1fr;gap:0 .5rem}.two>div{min-width:0}" +
  ".ok{background:#ebfbee;border:1px solid #b2f2bb;border-radius:8px;padding:.5rem .75rem}" +
  "input[type=file]{width:100%;font:inherit;padding:.4rem 0}ul.files{padding-left:1.2rem;margin:.25rem 0}" +
  ".actions{display:flex;flex-direction:column;gap:.5rem}button.alt{background:#fff;color:#1c7ed6;border:1px solid #1c7ed6}";

const errHtml = (name: string, error: string | undefined) =>
  error ? `<p class="err" id="e-${name}" role="alert">${esc(error)}</p>` : "";
const badAttrs = (name: string, error: string | undefined) =>
  error ? ` class="bad" aria-invalid="true" aria-describedby="e-${name}"` : "";

const seaCell = (i: number, key: TSeaKey, row: TSeaRow | undefined, error: string | undefined): string => {
  const name = seaName(i, key);
  const type = key === "date_on" || key === "date_off" ? "date" : "text";
  return `<div><label for="f-${name}">${esc(SEA_LABELS[key])}</label><input type="${type}" id="f-${name}" name="${name}" value="${esc(row?.[key] ?? "")}" maxlength="255"${badAttrs(name, error)}>${errHtml(name, error)}</div>`;
};

const seaHtml = (view: TAppFormView): string => {
  const errors = view.errors ?? {};
  const rows = Array.from({ length: view.seaCount }, (_, i) => {
    const row = view.sea[i];
    const cell = (k: TSeaKey) => seaCell(i, k, row, errors[seaName(i, k)]);
    return `<div class="sea" role="group" aria-label="Sea service row ${i + 1}">${cell("vessel")}<div class="two">${cell("rank")}${cell("company")}</div><div class="two">${cell("date_on")}${cell("date_off")}</div></div>`;
  }).join("");
  const more =
    view.seaCount < APP_FORM_MAX_SEA_ROWS
      ? `<button type="submit" class="alt" name="action" value="add_row" formnovalidate>Add another row</button>`
      : "";
  return `<fieldset><legend>Sea service</legend><p class="muted">Your last contracts, newest first. Leave a row empty to skip it.</p>
<input type="hidden" name="sea_rows" value="${view.seaCount}">${rows}${more}</fieldset>`;
};

const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const filesHtml = (view: TAppFormView): string => {
  const errors = view.errors ?? {};
  const sent = (name: string) =>
    view.files
      .filter((f) => f.name === name)
      .map(
        (f) =>
          `<li>${esc(f.filename)} <span class="muted">(${kb(f.byteSize)})</span> <label class="opt" style="display:inline-flex"><input type="checkbox" name="remove_file" value="${f.id}"> remove</label></li>`,
      )
      .join("");
  const list = (name: string) => {
    const items = sent(name);
    return items ? `<ul class="files" aria-label="Files already added">${items}</ul>` : "";
  };
  return `<fieldset><legend>Documents</legend>
<p class="muted">Scans or photos of your passport, seaman's book and certificates: PDF, JPEG, PNG, WebP or HEIC, Word or Excel.</p>
${list("documents")}<div><label for="f-documents">Add scans</label><input type="file" id="f-documents" name="documents" multiple accept=".pdf,.jpg,.jpeg,.png,.webp,.heic,.doc,.docx,.xls,.xlsx,application/pdf,image/*"${badAttrs("documents", errors.documents)}>${errHtml("documents", errors.documents)}</div>
${list("photo")}<div><label for="f-photo">Your photo</label><input type="file" id="f-photo" name="photo" accept="image/jpeg,image/png,image/webp"${badAttrs("photo", errors.photo)}>${errHtml("photo", errors.photo)}</div>
</fieldset>`;
};

/**
 * The form: the applicant's data as we hold it, or the saved draft, or what was posted, with the
 * problems when a save or a send was refused. Multipart, so scans go with it; no script.
 */
export const appFormPage = (company: string, view: TAppFormView): string => {
  const errors = view.errors ?? {};
  return publicPage(
    "Application form",
    company,
    `<h1>Application form</h1>
<p>Please check your details, correct what has changed and fill in what is missing. You can save a draft and come back to it with the same link; send it once when it is complete. ${esc(company)} reviews it before it reaches your record.</p>
${view.notice ? `<p class="ok" role="status">${esc(view.notice)}</p>` : ""}
${view.problem ? `<p class="err" role="alert">${esc(view.problem)}</p>` : Object.keys(errors).length ? `<p class="err" role="alert">Please check the fields marked below.</p>` : ""}
<form method="post" enctype="multipart/form-data" novalidate>
${APP_FORM_SECTIONS.map(
  (s) =>
    `<fieldset><legend>${esc(s.title)}</legend>${s.fields.map((f) => fieldHtml(f.name, f.type, view.values, errors[f.name])).join("\n")}</fieldset>`,
).join("\n")}
${seaHtml(view)}
${filesHtml(view)}
<div class="actions"><button type="submit" class="alt" name="action" value="draft">Save draft</button>
<button type="submit" name="action" value="send">Send</button></div>
</form>`,
    CSS,
  );
};

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
