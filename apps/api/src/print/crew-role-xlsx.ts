import type ExcelJS from "exceljs";
import { boxBorder, crewTableHeads, crewTableLine, crewTableSheet } from "./crew-table-cells.js";

/** One seafarer of the crew-role list. */
export interface TCrewRoleLine {
  rank: string;
  familyName: string;
  givenNames: string;
  nationality: string;
  dateOfBirth: Date | null;
  joined: Date;
  leaves: Date;
  status: string;
}

export interface TCrewRoleSheet {
  /** "On board", "Signing on", "Signing off". */
  title: string;
  vessel: { name: string; imo: string; flagState: string };
  /** What and when: "on board on 03.12.2026", "at Rotterdam on 03.12.2026". */
  subtitle: string;
  lines: TCrewRoleLine[];
}

const box = boxBorder("FF8A8A8A");
const COLUMNS = [
  { title: "No.", width: 5 },
  { title: "Rank", width: 17 },
  { title: "Family name", width: 18 },
  { title: "Given names", width: 24 },
  { title: "Nationality", width: 13 },
  { title: "Date of birth", width: 12 },
  { title: "Joined", width: 11 },
  { title: "Leaves (planned)", width: 11 },
  { title: "Status", width: 15 },
] as const;

/**
 * Who is on board a vessel (or signs on or off at a crew change), by rank: a heading with the
 * vessel, a row per seafarer in the order of the manning scale; A4 landscape, heads repeated.
 */
export const crewRoleWorkbook = (sheetData: TCrewRoleSheet): ExcelJS.Workbook => {
  const { book, sheet } = crewTableSheet(
    "Crew by rank",
    COLUMNS.map((c) => c.width),
  );
  const last = String.fromCharCode(64 + COLUMNS.length);
  sheet.mergeCells(`A1:${last}1`);
  sheet.getCell("A1").value = `${sheetData.title}: ${sheetData.vessel.name}`;
  sheet.getCell("A1").font = { bold: true, size: 14 };
  sheet.mergeCells(`A2:${last}2`);
  sheet.getCell("A2").value = [
    `IMO ${sheetData.vessel.imo}`,
    sheetData.vessel.flagState && `flag ${sheetData.vessel.flagState}`,
    sheetData.subtitle,
  ]
    .filter(Boolean)
    .join(" · ");
  sheet.getCell("A2").font = { size: 10, color: { argb: "FF555555" } };

  crewTableHeads(
    sheet,
    4,
    COLUMNS.map((c) => c.title),
    { height: 28, fontSize: 10, border: box },
  );
  sheetData.lines.forEach((line, index) => {
    const row = sheet.addRow([
      index + 1,
      line.rank,
      line.familyName.toUpperCase(),
      line.givenNames,
      line.nationality,
      line.dateOfBirth,
      line.joined,
      line.leaves,
      line.status,
    ]);
    crewTableLine(row, { border: box, wrapText: false, dateColumns: [6, 7, 8] });
  });
  if (!sheetData.lines.length) {
    const row = sheet.addRow(["", "Nobody"]);
    row.getCell(2).font = { italic: true, color: { argb: "FF777777" } };
  }
  const total = sheet.rowCount + 2;
  sheet.getCell(`A${total}`).value =
    `${sheetData.lines.length} seafarer${sheetData.lines.length === 1 ? "" : "s"}`;
  sheet.getCell(`A${total}`).font = { bold: true };
  return book;
};

export const crewRoleXlsx = async (sheetData: TCrewRoleSheet): Promise<Buffer> =>
  Buffer.from(await crewRoleWorkbook(sheetData).xlsx.writeBuffer());
