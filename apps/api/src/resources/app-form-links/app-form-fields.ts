import { applicants, EXTERNAL_FIELDS, type TExternalField } from "@crew/contracts";
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
