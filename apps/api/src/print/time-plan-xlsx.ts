import { formatDay } from "@crew/contracts";
import ExcelJS from "exceljs";

export interface TTimePlanBar {
  start: Date;
  end: Date;
  status: string;
  /** The seafarer's name, or "Vacancy". */
  label: string;
}

export interface TTimePlanRow {
  vessel: string;
  rank: string;
  bars: TTimePlanBar[];
}

export interface TTimePlanSheet {
  /** First day shown (a Monday is best); the sheet shows `weeks` weeks from it. */
  from: Date;
  weeks: number;
  rows: TTimePlanRow[];
  /** Fill colour per placement status (ARGB); others are grey. */
  colours: Readonly<Record<string, string>>;
  legend: readonly { status: string; label: string }[];
}

const WEEK = 7 * 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const thin = { style: "thin" as const, color: { argb: "FFBBBBBB" } };

/**
 * The plan of the chosen vessels and ranks as a sheet: a row per vessel and rank, a column per
 * week under merged month heads, each plan a coloured run of cells with the seafarer's name in
 * its first cell; A4 landscape fitted to the width, vessel and rank columns and the heads frozen.
 */
export const timePlanWorkbook = (plan: TTimePlanSheet): ExcelJS.Workbook => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Time plan", {
    views: [{ state: "frozen", xSplit: 2, ySplit: 3 }],
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [
    { width: 22 },
    { width: 14 },
    ...Array.from({ length: plan.weeks }, () => ({ width: 4.2 })),
  ];
  const weekStart = (i: number) => new Date(plan.from.getTime() + i * WEEK);

  sheet.getCell("A1").value =
    `Time plan from ${formatDay(plan.from)} to ${formatDay(new Date(plan.from.getTime() + plan.weeks * WEEK - 86_400_000))}`;
  sheet.getCell("A1").font = { bold: true, size: 13 };
  // Month heads over their weeks (a week belongs to the month of its Monday), then week days.
  let col = 3;
  while (col < 3 + plan.weeks) {
    const month = weekStart(col - 3).getUTCMonth();
    let last = col;
    while (last + 1 < 3 + plan.weeks && weekStart(last + 1 - 3).getUTCMonth() === month) last++;
    if (last > col) sheet.mergeCells(2, col, 2, last);
    const cell = sheet.getCell(2, col);
    cell.value = `${MONTHS[month]} ${weekStart(col - 3).getUTCFullYear()}`;
    cell.alignment = { horizontal: "center" };
    cell.font = { bold: true };
    cell.border = { left: thin, right: thin, bottom: thin };
    col = last + 1;
  }
  const heads = sheet.getRow(3);
  heads.getCell(1).value = "Vessel";
  heads.getCell(2).value = "Rank";
  for (let i = 0; i < plan.weeks; i++) heads.getCell(3 + i).value = weekStart(i).getUTCDate();
  heads.font = { bold: true, size: 8 };
  heads.alignment = { horizontal: "center" };

  let previousVessel = "";
  for (const row of plan.rows) {
    const r = sheet.addRow([row.vessel === previousVessel ? "" : row.vessel, row.rank]);
    if (row.vessel !== previousVessel) r.getCell(1).font = { bold: true };
    previousVessel = row.vessel;
    for (let i = 0; i < plan.weeks; i++) r.getCell(3 + i).border = { left: thin, bottom: thin };
    for (const bar of row.bars) {
      const first = Math.max(0, Math.floor((bar.start.getTime() - plan.from.getTime()) / WEEK));
      const last = Math.min(plan.weeks - 1, Math.floor((bar.end.getTime() - plan.from.getTime()) / WEEK));
      if (last < 0 || first > plan.weeks - 1 || last < first) continue;
      const fill = plan.colours[bar.status] ?? "FFDDDDDD";
      for (let i = first; i <= last; i++) {
        const cell = r.getCell(3 + i);
        cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: fill } };
      }
      const label = r.getCell(3 + first);
      label.value = bar.label;
      label.font = { size: 8 };
      label.alignment = { vertical: "middle", horizontal: "left", shrinkToFit: false };
    }
  }
  const legendRow = sheet.rowCount + 2;
  plan.legend.forEach((l, i) => {
    const cell = sheet.getCell(legendRow, 3 + i * 4);
    cell.fill = {
      type: "pattern",
      pattern: "solid",
      fgColor: { argb: plan.colours[l.status] ?? "FFDDDDDD" },
    };
    sheet.getCell(legendRow, 4 + i * 4).value = l.label;
    sheet.getCell(legendRow, 4 + i * 4).font = { size: 9 };
  });
  return book;
};

export const timePlanXlsx = async (plan: TTimePlanSheet): Promise<Buffer> =>
  Buffer.from(await timePlanWorkbook(plan).xlsx.writeBuffer());
