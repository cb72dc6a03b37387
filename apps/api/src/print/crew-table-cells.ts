import ExcelJS from "exceljs";

/** A workbook of one A4 landscape sheet `name`, fitted to the page's width, "Page n of m" in the footer; columns `widths` characters wide. */
export const crewTableSheet = (
  name: string,
  widths: readonly number[],
): { book: ExcelJS.Workbook; sheet: ExcelJS.Worksheet } => {
  const book = new ExcelJS.Workbook();
  book.creator = "Crewing back office";
  const sheet = book.addWorksheet(name, {
    pageSetup: {
      paperSize: 9,
      orientation: "landscape",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.2, footer: 0.2 },
    },
    headerFooter: { oddFooter: "Page &P of &N" },
  });
  sheet.columns = widths.map((width) => ({ width }));
  return { book, sheet };
};

/** Thin lines on the four sides of a cell, in `argb`. */
export const boxBorder = (argb: string): Partial<ExcelJS.Borders> => {
  const thin = { style: "thin" as const, color: { argb } };
  return { top: thin, left: thin, bottom: thin, right: thin };
};

/**
 * The column heads of a crew table, in row `rowNumber`: bold, centred, wrapped, shaded and boxed,
 * repeated at the top of every printed page.
 */
export const crewTableHeads = (
  sheet: ExcelJS.Worksheet,
  rowNumber: number,
  titles: readonly string[],
  look: { height: number; fontSize: number; border: Partial<ExcelJS.Borders> },
): void => {
  const head = sheet.getRow(rowNumber);
  head.values = [...titles];
  head.height = look.height;
  head.eachCell((cell) => {
    cell.font = { bold: true, size: look.fontSize };
    cell.alignment = { vertical: "middle", horizontal: "center", wrapText: true };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF5" } };
    cell.border = look.border;
  });
  sheet.pageSetup.printTitlesRow = `${rowNumber}:${rowNumber}`;
};

/**
 * One seafarer's row of a crew table: 18 points high, every cell boxed in size 10 (empty ones
 * too, so the grid has no gaps), the number column centred, the date columns as dd.mm.yyyy.
 */
export const crewTableLine = (
  row: ExcelJS.Row,
  look: { border: Partial<ExcelJS.Borders>; wrapText: boolean; dateColumns: readonly number[] },
): void => {
  row.height = 18;
  row.eachCell({ includeEmpty: true }, (cell, col) => {
    cell.border = look.border;
    cell.font = { size: 10 };
    cell.alignment = {
      vertical: "middle",
      ...(look.wrapText ? { wrapText: true } : {}),
      horizontal: col === 1 ? "center" : "left",
    };
    if (look.dateColumns.includes(col)) cell.numFmt = "dd.mm.yyyy";
  });
};
