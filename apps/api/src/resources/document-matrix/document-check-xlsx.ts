import ExcelJS from "exceljs";
import { formatDay } from "@crew/contracts";
import type { TCheckLine } from "./document-check-service.js";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const STATUS_LABEL = {
  valid: "Valid",
  expiring: "Expiring",
  expired: "Expired",
  missing: "Missing",
} as const;
const STATUS_FILL = {
  valid: "FFD3F9D8",
  expiring: "FFFFE8CC",
  expired: "FFFFC9C9",
  missing: "FFFFC9C9",
} as const;

const COLUMNS: { header: string; key: string; width: number }[] = [
  { header: "Seafarer", key: "name", width: 26 },
  { header: "Rank", key: "rank", width: 18 },
  { header: "Vessel", key: "vessel", width: 18 },
  { header: "Joining", key: "joining", width: 11 },
  { header: "Tour end", key: "end", width: 11 },
  { header: "Document", key: "document", width: 40 },
  { header: "STCW", key: "stcw", width: 8 },
  { header: "Need", key: "need", width: 12 },
  { header: "Months at joining", key: "months", width: 9 },
  { header: "Status", key: "status", width: 10 },
  { header: "Held as", key: "held", width: 32 },
  { header: "Valid until", key: "until", width: 11 },
  { header: "Months left", key: "left", width: 8 },
  { header: "Whole tour", key: "tour", width: 9 },
];

/** The compliance report as a workbook: a row per seafarer and document, coloured by status. */
export const documentCheckWorkbook = async (lines: readonly TCheckLine[], title: string): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.creator = "Crewing back office";
  const sheet = book.addWorksheet("Document check", {
    pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = COLUMNS.map(({ key, width }) => ({ key, width }));
  sheet.addRow([title]).font = { bold: true, size: 13 };
  const header = sheet.addRow(COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: "middle" };
  header.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE9ECEF" } };
  });
  sheet.views = [{ state: "frozen", ySplit: 2 }];
  for (const line of lines) {
    const a = line.attributes;
    const person = {
      name: `${a.name}${a.compliant ? "" : "  ✗"}`,
      rank: a.rank ?? "",
      vessel: a.vessel ?? "",
      joining: formatDay(a.joining_date),
      end: formatDay(a.end_date),
    };
    if (!a.documents.length) {
      sheet.addRow({
        ...person,
        document: a.rank_in_matrix ? "(nothing required)" : "(rank not in the matrix)",
      });
      continue;
    }
    for (const d of a.documents) {
      const row = sheet.addRow({
        ...person,
        document: d.document,
        stcw: d.stcw_reference ?? "",
        need: d.required ? "Required" : "Recommended",
        months: d.months_required,
        status: STATUS_LABEL[d.status],
        held: d.held_as ?? "",
        until: formatDay(d.valid_until),
        left: d.months_left ?? "",
        tour: d.covers_tour === null ? "" : d.covers_tour ? "Yes" : "No",
      });
      row.getCell("status").fill = {
        type: "pattern",
        pattern: "solid",
        fgColor: { argb: STATUS_FILL[d.status] },
      };
      if (d.covers_tour === false)
        row.getCell("tour").fill = {
          type: "pattern",
          pattern: "solid",
          fgColor: { argb: STATUS_FILL.expired },
        };
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};
