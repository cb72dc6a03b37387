import ExcelJS from "exceljs";

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

const thin = { style: "thin" as const, color: { argb: "FF8A8A8A" } };
const box = { top: thin, left: thin, bottom: thin, right: thin };
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
  const book = new ExcelJS.Workbook();
  book.creator = "Crewing back office";
  const sheet = book.addWorksheet("Crew by rank", {
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.2, footer: 0.2 } },
    headerFooter: { oddFooter: "Page &P of &N" },
  });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width }));
  const last = String.fromCharCode(64 + COLUMNS.length);
  sheet.mergeCells(`A1:${last}1`);
  sheet.getCell("A1").value = `${sheetData.title}: ${sheetData.vessel.name}`;
  sheet.getCell("A1").font = { bold: true, size: 14 };
  sheet.mergeCells(`A2:${last}2`);
  sheet.getCell("A2").value = [`IMO ${sheetData.vessel.imo}`, sheetData.vessel.flagState && `flag ${sheetData.vessel.flagState}`, sheetData.subtitle].filter(Boolean).join(" · ");
  sheet.getCell("A2").font = { size: 10, color: { argb: "FF555555" } };

  const head = sheet.getRow(4);
  head.values = COLUMNS.map((c) => c.title);
  head.height = 28;
  head.eachCell((cell) => {
    cell.font = { bold: true, size: 10 };
    cell.alignment = { vertical: "middle", horizontal: "center", wrapText: true };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF5" } };
    cell.border = box;
  });
  sheet.pageSetup.printTitlesRow = "4:4";
  sheetData.lines.forEach((line, index) => {
    const row = sheet.addRow([index + 1, line.rank, line.familyName.toUpperCase(), line.givenNames, line.nationality, line.dateOfBirth, line.joined, line.leaves, line.status]);
    row.height = 18;
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cell.border = box;
      cell.font = { size: 10 };
      cell.alignment = { vertical: "middle", horizontal: col === 1 ? "center" : "left" };
      if (col >= 6 && col <= 8) cell.numFmt = "dd.mm.yyyy";
    });
  });
  if (!sheetData.lines.length) {
    const row = sheet.addRow(["", "Nobody"]);
    row.getCell(2).font = { italic: true, color: { argb: "FF777777" } };
  }
  const total = sheet.rowCount + 2;
  sheet.getCell(`A${total}`).value = `${sheetData.lines.length} seafarer${sheetData.lines.length === 1 ? "" : "s"}`;
  sheet.getCell(`A${total}`).font = { bold: true };
  return book;
};

export const crewRoleXlsx = async (sheetData: TCrewRoleSheet): Promise<Buffer> => Buffer.from(await crewRoleWorkbook(sheetData).xlsx.writeBuffer());
