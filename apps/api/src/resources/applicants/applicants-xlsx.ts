import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { PLACEMENT_STATUSES, PLACEMENT_STATUS_LABELS, type TPlacementStatus } from "@crew/contracts";
import type { TExportRow } from "./applicants-export-repository.js";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Rows read from the database per round trip while writing. */
export const EXPORT_CHUNK = 1000;

const DATE = "dd.mm.yyyy";
const DATE_TIME = "dd.mm.yyyy hh:mm";

/** The status as the list reads it; empty is Vacancy (spec 001). */
const statusLabel = (status: string | null): string => {
  const known: TPlacementStatus | undefined = PLACEMENT_STATUSES.find((s) => s === status);
  return PLACEMENT_STATUS_LABELS[known ?? "vacancy"];
};

const ageOf = (birthday: Date | null, today: Date): number | null => {
  if (!birthday) return null;
  let age = today.getUTCFullYear() - birthday.getUTCFullYear();
  const before =
    today.getUTCMonth() < birthday.getUTCMonth() ||
    (today.getUTCMonth() === birthday.getUTCMonth() && today.getUTCDate() < birthday.getUTCDate());
  if (before) age -= 1;
  return age;
};

/** The columns as recruiters read the list; widths in characters, dates as Excel dates. */
const COLUMNS: { header: string; key: string; width: number; numFmt?: string }[] = [
  { header: "No.", key: "number", width: 10 },
  { header: "Surname", key: "surname", width: 18 },
  { header: "Name", key: "name", width: 14 },
  { header: "Middle name", key: "middle", width: 14 },
  { header: "Birthday", key: "birthday", width: 12, numFmt: DATE },
  { header: "Age", key: "age", width: 6 },
  { header: "Country of birth", key: "country", width: 16 },
  { header: "Rank", key: "rank", width: 18 },
  { header: "Status", key: "status", width: 16 },
  { header: "Crewing status", key: "crewingStatus", width: 16 },
  { header: "Readiness", key: "readiness", width: 12, numFmt: DATE },
  { header: "Wage, USD/month", key: "wage", width: 12, numFmt: "#,##0" },
  { header: "Mobile phone", key: "mobile", width: 18 },
  { header: "Alternative mobile", key: "mobileAlt", width: 18 },
  { header: "Home phone", key: "home", width: 16 },
  { header: "Email", key: "email", width: 28 },
  { header: "Alternative email", key: "emailAlt", width: 26 },
  { header: "Tags", key: "tags", width: 24 },
  { header: "Last vessel", key: "lastVessel", width: 20 },
  { header: "Last rank", key: "lastRank", width: 16 },
  { header: "Last sign-off", key: "soff", width: 12, numFmt: DATE },
  { header: "Planned vessel", key: "plannedVessel", width: 20 },
  { header: "Planned date", key: "plannedDate", width: 12, numFmt: DATE },
  { header: "Hot", key: "hot", width: 6 },
  { header: "Archived", key: "archived", width: 9 },
  { header: "Created", key: "created", width: 16, numFmt: DATE_TIME },
];

export interface TExportSource {
  /** Applicant ids in the list's order. */
  ids: readonly number[];
  rows(ids: readonly number[]): Promise<TExportRow[]>;
  /** Tags this reader may see (a client's shown and hidden tags). */
  visibleTags(tags: readonly string[]): string[];
  onProgress?(done: number): Promise<void> | void;
}

/**
 * Writes the applicants to `out` as .xlsx with exceljs' streaming writer: each row is
 * committed (serialised and released) as soon as it is added, so memory stays flat whatever
 * the number of rows (docs/applicants.md "Export").
 */
export const writeApplicantsXlsx = async (out: Writable, source: TExportSource): Promise<void> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Crewing back office";
  const sheet = workbook.addWorksheet("Seafarers", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF7" } };
  header.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  const today = new Date();
  let done = 0;
  for (let i = 0; i < source.ids.length; i += EXPORT_CHUNK) {
    const rows = await source.rows(source.ids.slice(i, i + EXPORT_CHUNK));
    for (const r of rows) {
      sheet
        .addRow({
          number: r.crewing_applicant_id,
          surname: r.surname,
          name: r.name,
          middle: r.middle,
          birthday: r.birthday,
          age: ageOf(r.birthday, today),
          country: r.country_birth,
          rank: r.rank,
          status: statusLabel(r.status),
          crewingStatus: r.crewing_status,
          readiness: r.readiness_date,
          wage: r.wage,
          mobile: r.mobile_phone,
          mobileAlt: r.mobile_phone_alternative,
          home: r.phonehome,
          email: r.email,
          emailAlt: r.email_alternative,
          tags: source.visibleTags(r.tag_list).join(", "),
          lastVessel: r.vessel_last_name,
          lastRank: r.vessel_last_rank_title,
          soff: r.last_contract_soff,
          plannedVessel: r.vessel_planned_name,
          plannedDate: r.date_planned,
          hot: r.hot ? "Yes" : "",
          archived: r.archived ? "Yes" : "",
          created: r.created_at,
        })
        .commit();
    }
    done += rows.length;
    await source.onProgress?.(done);
  }
  sheet.commit();
  await workbook.commit();
};
