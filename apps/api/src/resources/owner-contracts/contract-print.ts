import { BONUS_PLACEHOLDER_COLUMNS, formatDay } from "@crew/contracts";
import PizZip from "pizzip";
import { AppError } from "../../errors/app-error.js";
import type { TActionFile } from "../../kernel/actions.js";
import type { TStorage } from "../../storage/storage.js";
import { fillTemplate, type TTemplateData } from "../../print/contract-template.js";
import { docxToPdf, pdfAvailable } from "../../print/pdf-converter.js";
import type { TContractPrintRepository } from "./contract-print-repository.js";
import { readStoredFile } from "./owner-templates.js";
import type { TWageComponents } from "../wages/wage-components.js";

const DAY = 86_400_000;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PDF = "application/pdf";
const ZIP = "application/zip";

const day = (d: Date | null | undefined): string => (d ? formatDay(d.toISOString().slice(0, 10)) : "");
const num = (n: number | null | undefined): string =>
  n === null || n === undefined ? "" : n.toLocaleString("en-US");
/** File names keep letters, digits, spaces and a few marks. */
const safe = (s: string): string =>
  s
    .replace(/[^\p{L}\p{N} ._-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
const yearsBetween = (from: Date, to: Date): number => {
  let years = to.getUTCFullYear() - from.getUTCFullYear();
  const before =
    to.getUTCMonth() < from.getUTCMonth() ||
    (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate());
  if (before) years -= 1;
  return years;
};

/**
 * The bonuses of the owner's scale for the rank: `bonus_{column}` for the columns a new scale
 * gets (empty where the owner pays none), and the `bonuses` loop over every cell in grid order.
 */
const bonusData = (wage: TWageComponents | null): TTemplateData => {
  const bonuses = wage?.bonuses ?? [];
  return {
    ...Object.fromEntries(
      BONUS_PLACEHOLDER_COLUMNS.map((b) => {
        const cell = bonuses.find((x) => x.column === b.column);
        return [`bonus_${b.column}`, cell ? num(cell.total) : ""];
      }),
    ),
    bonuses: bonuses.map((b) => ({
      name: b.typeName,
      consecutive_contracts: b.consequentContracts ? String(b.consequentContracts) : "",
      amount: num(b.total),
    })),
  };
};

type TPlan = NonNullable<Awaited<ReturnType<TContractPrintRepository["plan"]>>>;

/** Everything a template's placeholders read, for one plan (CONTRACT_PLACEHOLDERS in the contracts). */
export const contractData = (
  plan: TPlan,
  documents: Awaited<ReturnType<TContractPrintRepository["identityDocuments"]>>,
  opts: { place?: string | undefined; today: Date; wage?: TWageComponents | null },
): TTemplateData => {
  const wage = opts.wage ?? null;
  const user = plan.user;
  const row = plan.manningScale;
  const vessel = row.vessel;
  const owner = vessel?.ownerVessel?.owner;
  const signOn = plan.crewChangeSignOn;
  const port = signOn?.port ?? plan.port;
  const joining = signOn?.dateSignOn ?? signOn?.date ?? plan.start;
  const days = Math.round((plan.end.getTime() - plan.start.getTime()) / DAY) + 1;
  const passport = documents.find((d) => d.rank === 0);
  const book = documents.find((d) => d.rank === 1);
  const given = [user?.name, user?.middle].filter(Boolean).join(" ");
  return {
    seafarer_full_name: [user?.surname.toUpperCase(), given].filter(Boolean).join(" "),
    seafarer_surname: user?.surname.toUpperCase() ?? "",
    seafarer_given_names: given,
    seafarer_birth_date: day(user?.birthday),
    seafarer_age: user?.birthday ? String(yearsBetween(user.birthday, opts.today)) : "",
    seafarer_birth_place: user?.countryBirth?.name ?? "",
    seafarer_nationality: passport?.issuingCountry?.name ?? user?.countryBirth?.name ?? "",
    seafarer_address: user?.address ?? "",
    seafarer_number: user?.crewingApplicantId ?? "",
    seafarer_email: user?.email ?? "",
    seafarer_phone: user?.mobilePhone ?? "",
    passport_number: passport?.number ?? "",
    passport_issued_by: passport?.issuingCountry?.name ?? "",
    passport_valid_until: day(passport?.validUntil),
    seaman_book_number: book?.number ?? "",
    seaman_book_issued_by: book?.issuingCountry?.name ?? "",
    seaman_book_valid_until: day(book?.validUntil),
    identity_documents: documents.map((d) => ({
      kind: d.kind.title,
      number: d.number,
      issued_by: d.issuingCountry?.name ?? "",
      valid_until: day(d.validUntil),
    })),
    vessel_name: vessel?.name ?? "",
    vessel_imo: vessel?.imo ?? "",
    vessel_flag: vessel?.flag?.name ?? "",
    vessel_type: vessel?.vesselType?.title ?? "",
    vessel_call_sign: vessel?.callSign ?? "",
    vessel_gross_tonnage: num(vessel?.grossTonnage),
    vessel_deadweight: num(vessel?.deadweight),
    vessel_year_built: vessel?.yearBuilt ? String(vessel.yearBuilt) : "",
    rank: row.rank.title,
    rank_department: row.rank.department,
    agreement_place: opts.place || port?.name || "",
    agreement_date: day(opts.today),
    contract_start: day(plan.start),
    contract_end: day(plan.end),
    contract_duration_months: String(Math.max(1, Math.round(days / 30.44))),
    contract_duration_days: String(days),
    joining_port: port?.name ?? "",
    joining_port_country: port?.country?.name ?? "",
    joining_date: day(joining),
    wage_offered: num(plan.offer ?? row.templateOffer),
    wage_basic: wage ? num(wage.basicWage) : "",
    wage_overtime: wage ? num(wage.guaranteedOvertime) : "",
    wage_leave_pay: wage ? num(wage.leavePay) : "",
    wage_other: wage ? num(wage.otherAllowances) : "",
    wage_total: wage ? num(wage.total) : "",
    wage_currency: wage?.currency ?? "",
    ...bonusData(wage),
    owner_name: owner?.title ?? "",
    owner_short_name: owner?.shortTitle ?? "",
    owner_address: owner?.address ?? "",
    annual_leave: owner?.annualLeave ?? "",
    termination_terms: owner?.terminationTerms ?? "",
    health_benefits: owner?.healthBenefits ?? "",
    repatriation: owner?.repatriation ?? "",
    collective_agreement: owner?.collectiveAgreement ?? "",
  };
};

export interface TContractPrintInput {
  full?: boolean | undefined;
  as_docx?: boolean | undefined;
  download?: boolean | undefined;
  place?: string | undefined;
}

/**
 * GET /api/print_contracts/{timeplanId} (spec 002 §7): the owner's contract template filled for
 * the plan; with `full` also its document templates, all in one .zip; as PDF unless `as_docx`
 * where LibreOffice is installed (else .docx, and `pdf_available: false` says why).
 */
export const printContract = async (
  repo: TContractPrintRepository,
  storage: TStorage,
  planId: number,
  input: TContractPrintInput,
): Promise<{ file: TActionFile; pdf: boolean }> => {
  const plan = await repo.plan(planId);
  if (!plan) throw AppError.notFound("Timeplan not found");
  if (!plan.user || plan.userId === null)
    throw AppError.notFound("This plan has no seafarer to make a contract for");
  const owner = plan.manningScale.vessel?.ownerVessel?.owner;
  if (!owner) throw AppError.notFound(`${plan.manningScale.vessel?.name ?? "The vessel"} has no owner`);
  const templates = (await repo.templatesOf([owner.id])).get(owner.id);
  const contract = templates?.get("contract_template")?.[0];
  if (!contract) throw AppError.notFound(`${owner.title} has no contract template`);
  const files = [contract, ...(input.full ? (templates?.get("document_templates") ?? []) : [])];
  const wage = await repo.wage(owner.id, plan.manningScale.rank.id, plan.user.countryBirthId);
  const data = contractData(plan, await repo.identityDocuments(plan.userId), {
    place: input.place,
    today: new Date(),
    wage,
  });
  const pdf = !input.as_docx && pdfAvailable();
  const base = safe(`${plan.user.surname} ${plan.manningScale.vessel?.name ?? ""} ${day(plan.start)}`);
  const filled: { name: string; body: Buffer }[] = [];
  for (const f of files) {
    const docx = fillTemplate(await readStoredFile(storage, f.key), data);
    const stem = safe(f.filename.replace(/\.docx$/i, "")) || "Document";
    filled.push({
      name: `${f === contract ? "Contract" : stem} ${base}.${pdf ? "pdf" : "docx"}`,
      body: pdf ? await docxToPdf(docx) : docx,
    });
  }
  const [first] = filled;
  if (filled.length === 1 && first)
    return { pdf, file: { filename: first.name, contentType: pdf ? PDF : DOCX, body: first.body } };
  const zip = new PizZip();
  for (const f of filled) zip.file(f.name, f.body);
  return {
    pdf,
    file: {
      filename: `Contract documents ${base}.zip`,
      contentType: ZIP,
      body: zip.generate({ type: "nodebuffer", compression: "DEFLATE" }),
    },
  };
};
