import { formatDay } from "@crew/contracts";
import type ExcelJS from "exceljs";
import { boxBorder, crewTableHeads, crewTableLine, crewTableSheet } from "./crew-table-cells.js";

/** One seafarer's line of the crew list (FAL Form 5 boxes 6 to 17). */
export interface TCrewListLine {
  familyName: string;
  givenNames: string;
  rank: string;
  nationality: string;
  dateOfBirth: Date | null;
  placeOfBirth: string;
  /** Box 13: "M", "F", or empty when the record does not say. */
  gender: string;
  identityDocument: { kind: string; number: string; issuingState: string; expiry: Date | null } | null;
}

export interface TCrewList {
  direction: "arrival" | "departure";
  ship: { name: string; imo: string; callSign: string; flagState: string };
  voyageNumber: string;
  port: string;
  date: Date;
  lastPortOfCall: string;
  crew: TCrewListLine[];
}

const box = boxBorder("FF000000");
/** The crew columns of the form: boxes 6 to 17. */
export const FAL_COLUMNS = [
  { no: "6", title: "No.", width: 5 },
  { no: "7", title: "Family name", width: 18 },
  { no: "8", title: "Given names", width: 18 },
  { no: "9", title: "Rank or rating", width: 16 },
  { no: "10", title: "Nationality", width: 13 },
  { no: "11", title: "Date of birth", width: 12 },
  { no: "12", title: "Place of birth", width: 15 },
  { no: "13", title: "Gender", width: 8 },
  { no: "14", title: "Nature of identity document", width: 16 },
  { no: "15", title: "Number of identity document", width: 15 },
  { no: "16", title: "Issuing State of identity document", width: 15 },
  { no: "17", title: "Expiry date of identity document", width: 13 },
] as const;
const LAST = String.fromCharCode(64 + FAL_COLUMNS.length);
const GENDER_COLUMN = FAL_COLUMNS.findIndex((c) => c.no === "13") + 1;
/** Seafarers on one printed page of the sheet (A4 landscape, the heading on the first). */
const ROWS_PER_PAGE = 22;
/** Printed pages of a crew list of `count` seafarers (the signature box fits under the last rows). */
export const crewListPages = (count: number): number => Math.max(1, Math.ceil(count / ROWS_PER_PAGE));

/**
 * The IMO FAL Form 5 crew list as a worksheet laid out like the form: header boxes 1.1 to 5,
 * one row per seafarer (boxes 6 to 17), the master's signature box 18; A4 landscape, the
 * column heads repeated on every printed page. Dates are real dates (dd.mm.yyyy).
 */
export const crewListWorkbook = (list: TCrewList): ExcelJS.Workbook => {
  const { book, sheet } = crewTableSheet(
    "Crew list",
    FAL_COLUMNS.map((c) => c.width),
  );

  sheet.mergeCells(`A1:${LAST}1`);
  const title = sheet.getCell("A1");
  title.value = "CREW LIST";
  title.font = { bold: true, size: 16 };
  title.alignment = { horizontal: "center" };
  sheet.mergeCells(`A2:${LAST}2`);
  sheet.getCell("A2").value = "IMO FAL Form 5";
  sheet.getCell("A2").alignment = { horizontal: "center" };
  sheet.getCell("A2").font = { italic: true, size: 9 };

  const field = (range: string, label: string, value: string | Date) => {
    sheet.mergeCells(range);
    const cell = sheet.getCell(range.split(":")[0] as string);
    cell.value = {
      richText: [
        { text: `${label}\n`, font: { size: 8, color: { argb: "FF555555" } } },
        { text: value instanceof Date ? formatDay(value) : value, font: { bold: true, size: 11 } },
      ],
    };
    cell.alignment = { vertical: "top", wrapText: true };
    for (const address of cellsOf(range)) sheet.getCell(address).border = box;
  };
  sheet.getRow(3).height = 30;
  sheet.getRow(4).height = 30;
  sheet.getRow(5).height = 30;
  field(
    "A3:C3",
    "",
    `${list.direction === "arrival" ? "☒" : "☐"} Arrival     ${list.direction === "departure" ? "☒" : "☐"} Departure`,
  );
  field("D3:I3", "1.1 Name of ship", list.ship.name);
  field("J3:L3", "Page", `1 of ${crewListPages(list.crew.length)}`);
  field("A4:C4", "1.2 IMO number", list.ship.imo);
  field("D4:F4", "1.3 Call sign", list.ship.callSign);
  field("G4:I4", "1.4 Voyage number", list.voyageNumber);
  field("J4:L4", "4 Flag State of ship", list.ship.flagState);
  field("A5:F5", `2 Port of ${list.direction}`, list.port);
  field("G5:I5", `3 Date of ${list.direction}`, list.date);
  field("J5:L5", "5 Last port of call", list.lastPortOfCall);

  crewTableHeads(
    sheet,
    7,
    FAL_COLUMNS.map((c) => `${c.no}. ${c.title}`),
    { height: 42, fontSize: 9, border: box },
  );

  list.crew.forEach((line, index) => {
    const row = sheet.addRow([
      index + 1,
      line.familyName.toUpperCase(),
      line.givenNames,
      line.rank,
      line.nationality,
      line.dateOfBirth,
      line.placeOfBirth,
      line.gender,
      line.identityDocument?.kind ?? "",
      line.identityDocument?.number ?? "",
      line.identityDocument?.issuingState ?? "",
      line.identityDocument?.expiry ?? null,
    ]);
    crewTableLine(row, { border: box, wrapText: true, dateColumns: [6, 12] });
    // Box 13 holds one letter: centred under its head, as box 6's number is.
    row.getCell(GENDER_COLUMN).alignment = { ...row.getCell(GENDER_COLUMN).alignment, horizontal: "center" };
    // Pages break at fixed rows so the page count in the heading is exact; the column heads repeat.
    if ((index + 1) % ROWS_PER_PAGE === 0 && index + 1 < list.crew.length) row.addPageBreak();
  });

  const footer = sheet.rowCount + 2;
  sheet.mergeCells(`A${footer}:${LAST}${footer + 1}`);
  const sign = sheet.getCell(`A${footer}`);
  sign.value =
    "18. Date and signature by master, authorized agent or officer: ____________________          Date: ____________";
  sign.alignment = { vertical: "middle" };
  for (const address of cellsOf(`A${footer}:${LAST}${footer + 1}`)) sheet.getCell(address).border = box;
  return book;
};

/** Every cell address of a rectangular range such as "A3:C4". */
const cellsOf = (range: string): string[] => {
  const [from = "", to = ""] = range.split(":");
  const parse = (a: string) => ({ col: a.charCodeAt(0) - 64, row: Number(a.slice(1)) });
  const a = parse(from);
  const b = parse(to || from);
  const out: string[] = [];
  for (let r = a.row; r <= b.row; r++)
    for (let c = a.col; c <= b.col; c++) out.push(`${String.fromCharCode(64 + c)}${r}`);
  return out;
};

export const crewListXlsx = async (list: TCrewList): Promise<Buffer> =>
  Buffer.from(await crewListWorkbook(list).xlsx.writeBuffer());
