import { applicants, EXTERNAL_FIELDS, type TExternalField, type TExternalSeaService } from "@crew/contracts";
import type { TComparable } from "../../crew-sites/compare.js";

/**
 * The fields of the public application form (issue 19 §3: personal data, contacts, sizes): the
 * applicant's own attributes a version may propose (EXTERNAL_FIELDS), each checked by the
 * applicant form's own rule, so what staff accept later passes the applicant's update.
 */
export type TFormValues = Record<string, string | string[] | undefined>;

type TInputKind = "text" | "email" | "tel" | "date" | "number" | "textarea";

export const APP_FORM_SECTIONS: { title: string; fields: { name: TExternalField; type: TInputKind }[] }[] = [
  {
    title: "Personal data",
    fields: [
      { name: "surname", type: "text" },
      { name: "name", type: "text" },
      { name: "middle", type: "text" },
      { name: "birthday", type: "date" },
    ],
  },
  {
    title: "Contacts",
    fields: [
      { name: "email", type: "email" },
      { name: "mobile_phone", type: "tel" },
      { name: "mobile_phone_alternative", type: "tel" },
      { name: "address", type: "textarea" },
    ],
  },
  {
    title: "Availability",
    fields: [
      { name: "readiness_date", type: "date" },
      { name: "wage", type: "number" },
    ],
  },
  {
    title: "Sizes",
    fields: [
      { name: "height", type: "number" },
      { name: "weight", type: "number" },
      { name: "shoe_size", type: "text" },
      { name: "coverall_size", type: "text" },
    ],
  },
];

/** The two the form cannot do without (the applicant form's own required ones). */
const REQUIRED: ReadonlySet<TExternalField> = new Set(["surname", "name"]);

export const isRequired = (field: TExternalField): boolean => REQUIRED.has(field);
export const labelOf = (field: TExternalField): string => applicants.attributes[field].label;

const first = (body: TFormValues, name: string): string => {
  const v = body[name];
  return (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What the seafarer sent, checked field by field: the values as a version keeps them (dates
 * yyyy-mm-dd, numbers as numbers, empty fields null: "left empty" proposes no erasing), or the
 * problems by field name.
 */
export const readAppForm = (
  body: TFormValues,
): { ok: true; fields: TComparable } | { ok: false; errors: Partial<Record<TExternalField, string>> } => {
  const fields: TComparable = {};
  const errors: Partial<Record<TExternalField, string>> = {};
  for (const name of EXTERNAL_FIELDS) {
    const raw = first(body, name);
    if (raw === "") {
      if (REQUIRED.has(name)) errors[name] = "Please fill this in";
      fields[name] = null;
      continue;
    }
    const parsed = applicants.attributes[name].input.safeParse(raw);
    if (!parsed.success) {
      errors[name] = capital(parsed.error.issues[0]?.message ?? "Is not valid");
      continue;
    }
    const value: unknown = parsed.data;
    fields[name] =
      value instanceof Date
        ? value.toISOString().slice(0, 10)
        : typeof value === "number" || typeof value === "string"
          ? value
          : raw;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, fields };
};

/** One sea service row as the form holds it (TExternalSeaService once sent). */
export const SEA_KEYS = ["vessel", "rank", "company", "date_on", "date_off"] as const;
export type TSeaKey = (typeof SEA_KEYS)[number];
export type TSeaRow = Record<TSeaKey, string>;
export const SEA_LABELS: Record<TSeaKey, string> = {
  vessel: "Vessel",
  rank: "Rank",
  company: "Company",
  date_on: "Signed on",
  date_off: "Signed off",
};
/** A sea service cell's form name: flat (`sea_0_vessel`), so the multipart reader keeps it a string. */
export const seaName = (row: number, key: TSeaKey): string => `sea_${row}_${key}`;

/** The sea service rows posted (at most `max`), the empty ones left out. */
export const seaRowsOf = (body: TFormValues, max: number): TSeaRow[] => {
  const rows: TSeaRow[] = [];
  for (let i = 0; i < max; i++) {
    const row = Object.fromEntries(
      SEA_KEYS.map((k) => [k, first(body, seaName(i, k)).slice(0, 255)]),
    ) as TSeaRow;
    if (SEA_KEYS.some((k) => row[k] !== "")) rows.push(row);
  }
  return rows;
};

/** The form's text as a draft keeps it: the known fields only, each cut to its input's length. */
export const draftFieldsOf = (body: TFormValues): Record<string, string> =>
  Object.fromEntries(EXTERNAL_FIELDS.map((name) => [name, first(body, name).slice(0, 1000)]));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/**
 * Sent sea service rows, checked: a row names its vessel, its dates are days (yyyy-mm-dd), not
 * in the future, and it is not signed off before it was signed on. Errors by cell name.
 */
export const readSeaRows = (
  rows: readonly TSeaRow[],
): { ok: true; rows: TExternalSeaService[] } | { ok: false; errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);
  rows.forEach((row, i) => {
    if (row.vessel === "") errors[seaName(i, "vessel")] = "Please name the vessel";
    for (const k of ["date_on", "date_off"] as const) {
      if (row[k] === "") continue;
      if (!validDay(row[k])) errors[seaName(i, k)] = "Is not a valid date";
      else if (row[k] > today) errors[seaName(i, k)] = "Can't be in the future";
    }
    if (
      !errors[seaName(i, "date_off")] &&
      validDay(row.date_on) &&
      validDay(row.date_off) &&
      row.date_off < row.date_on
    )
      errors[seaName(i, "date_off")] = "Can't be before the sign-on date";
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    rows: rows.map((r) => ({
      vessel: r.vessel,
      rank: r.rank || null,
      company: r.company || null,
      date_on: r.date_on || null,
      date_off: r.date_off || null,
    })),
  };
};
