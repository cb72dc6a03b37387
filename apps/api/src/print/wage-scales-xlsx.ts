import ExcelJS from "exceljs";

export interface TWageSheetScale {
  /** "Normal scale", "Alternative scale: Philippines". */
  title: string;
  rows: {
    rank: string;
    basicWage: number;
    guaranteedOvertime: number;
    leavePay: number;
    otherAllowances: number;
  }[];
}

export interface TWageSheets {
  owner: string;
  currency: string;
  scales: TWageSheetScale[];
  /** Bonus columns in order (sb_2, sb_3, spb, pb) with their heads. */
  bonusColumns: { key: string; head: string }[];
  bonusRows: { rank: string; cells: Record<string, number> }[];
}

const HEAD_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE7EEF7" } };
const thin: Partial<ExcelJS.Border> = { style: "thin", color: { argb: "FF8A8A8A" } };
const BOX: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };
const MONEY = "#,##0";

const heading = (sheet: ExcelJS.Worksheet, text: string, sub: string, width: number) => {
  const last = String.fromCharCode(64 + width);
  sheet.mergeCells(`A1:${last}1`);
  sheet.getCell("A1").value = text;
  sheet.getCell("A1").font = { bold: true, size: 14 };
  sheet.mergeCells(`A2:${last}2`);
  sheet.getCell("A2").value = sub;
  sheet.getCell("A2").font = { size: 10, color: { argb: "FF555555" } };
};

/** Heads wrap inside their column: the row is as tall as the longest needs (LibreOffice does not grow it). */
const headRow = (sheet: ExcelJS.Worksheet, heads: readonly string[], lines = 2) => {
  const row = sheet.addRow([...heads]);
  row.height = 15 * lines;
  row.font = { bold: true };
  row.alignment = { vertical: "middle", wrapText: true };
  row.eachCell((cell) => {
    cell.fill = HEAD_FILL;
    cell.border = BOX;
  });
};

const bodyRow = (
  sheet: ExcelJS.Worksheet,
  values: readonly (string | number | ExcelJS.CellFormulaValue)[],
) => {
  const row = sheet.addRow([...values]);
  row.eachCell((cell, col) => {
    cell.border = BOX;
    if (col > 1) cell.numFmt = MONEY;
  });
  return row;
};

/**
 * An owner's wage scales (one table per scale, the total a formula over the components, so the
 * sheet stays true when someone edits it) and a sheet of bonuses per rank; A4 landscape.
 */
export const wageScalesWorkbook = (data: TWageSheets): ExcelJS.Workbook => {
  const book = new ExcelJS.Workbook();
  book.creator = "Crewing";
  const scales = book.addWorksheet("Wage scales", {
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  scales.columns = [22, 14, 14, 14, 14, 14].map((width) => ({ width }));
  heading(scales, `Wage scales: ${data.owner}`, `Monthly amounts in ${data.currency}`, 6);
  for (const scale of data.scales) {
    scales.addRow([]);
    const title = scales.addRow([scale.title]);
    title.font = { bold: true, size: 12 };
    headRow(scales, ["Rank", "Basic wage", "Guaranteed overtime", "Leave pay", "Other allowances", "Total"]);
    for (const r of scale.rows) {
      const row = bodyRow(scales, [
        r.rank,
        r.basicWage,
        r.guaranteedOvertime,
        r.leavePay,
        r.otherAllowances,
        0,
      ]);
      const n = row.number;
      const total = r.basicWage + r.guaranteedOvertime + r.leavePay + r.otherAllowances;
      row.getCell(6).value = { formula: `SUM(B${n}:E${n})`, result: total };
      row.getCell(6).font = { bold: true };
    }
    if (!scale.rows.length) scales.addRow(["No ranks yet"]);
  }
  const bonuses = book.addWorksheet("Bonuses", {
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  bonuses.columns = [22, ...data.bonusColumns.map(() => 14)].map((width) => ({ width }));
  heading(
    bonuses,
    `Bonuses: ${data.owner}`,
    `Amounts in ${data.currency}`,
    Math.max(2, data.bonusColumns.length + 1),
  );
  bonuses.addRow([]);
  headRow(bonuses, ["Rank", ...data.bonusColumns.map((c) => c.head)], 3);
  for (const r of data.bonusRows)
    bodyRow(bonuses, [r.rank, ...data.bonusColumns.map((c) => r.cells[c.key] ?? "")]);
  return book;
};

export const wageScalesXlsx = async (data: TWageSheets): Promise<Buffer> =>
  Buffer.from(await wageScalesWorkbook(data).xlsx.writeBuffer());
