import { AppError } from "../../errors/app-error.js";
import type { TDuplicate, TDuplicateProbe, TApplicantsRepository } from "./applicants-repository.js";

type TColumns = {
  email?: string | null;
  emailAlternative?: string | null;
  mobilePhone?: string | null;
  mobilePhoneAlternative?: string | null;
  surname?: string;
  name?: string;
  birthday?: Date | null;
};

const KEY_COLUMNS = [
  "email",
  "emailAlternative",
  "mobilePhone",
  "mobilePhoneAlternative",
  "surname",
  "name",
  "birthday",
] as const;

/** The field a duplicate key points at, for the error's pointer. */
const fieldOf = (key: string, probe: TDuplicateProbe): string => {
  if (key.startsWith("p:")) {
    const digits = key.slice(2);
    return (probe.mobilePhone ?? "").replace(/\D/g, "") === digits
      ? "mobile_phone"
      : "mobile_phone_alternative";
  }
  if (key.startsWith("e:"))
    return (probe.email ?? "").trim().toLowerCase() === key.slice(2) ? "email" : "email_alternative";
  return "surname";
};

const what = (key: string): string =>
  key.startsWith("e:") ? "email" : key.startsWith("p:") ? "mobile phone" : "surname, name and birthday";

/**
 * Duplicates rot a crewing database (docs/applicants.md "Duplicates"): a write whose email,
 * mobile phone (digits only) or surname + name + birthday matches another applicant is a 422
 * naming that applicant (its id in `meta`), unless the request says `knowing_duplicate`.
 * Checked on create and when an update changes one of those fields.
 */
export const checkDuplicates = async (
  repo: TApplicantsRepository,
  data: TColumns,
  before: (TColumns & { id: number }) | null,
): Promise<void> => {
  if (before && !KEY_COLUMNS.some((c) => data[c] !== undefined && data[c] !== before[c])) return;
  const probe: TDuplicateProbe = {
    email: data.email !== undefined ? data.email : (before?.email ?? null),
    emailAlternative:
      data.emailAlternative !== undefined ? data.emailAlternative : (before?.emailAlternative ?? null),
    mobilePhone: data.mobilePhone !== undefined ? data.mobilePhone : (before?.mobilePhone ?? null),
    mobilePhoneAlternative:
      data.mobilePhoneAlternative !== undefined
        ? data.mobilePhoneAlternative
        : (before?.mobilePhoneAlternative ?? null),
    surname: data.surname ?? before?.surname ?? null,
    name: data.name ?? before?.name ?? null,
    birthday: data.birthday !== undefined ? data.birthday : (before?.birthday ?? null),
  };
  const found: TDuplicate[] = await repo.duplicates(probe, before?.id ?? null);
  const first = found[0];
  const key = first?.matched[0];
  if (!first || !key) return;
  const message = `matches applicant ${first.crewingApplicantId} (${first.surname} ${first.name}, id ${first.id}) by ${what(key)}`;
  const field = fieldOf(key, probe);
  throw new AppError("UNPROCESSABLE", `${field} ${message}`, [
    {
      status: "422",
      code: "duplicate",
      title: message,
      detail: `${field} ${message}. Send knowing_duplicate: true to create it anyway.`,
      source: { pointer: `/data/attributes/${field}` },
      meta: {
        duplicates: found.map((d) => ({
          id: String(d.id),
          crewing_applicant_id: d.crewingApplicantId,
          full_name: `${d.surname} ${d.name}`,
          matched: d.matched.map(what),
        })),
      },
    },
  ]);
};
