import ExcelJS from "exceljs";

/** One line of the order: a seafarer's item with its size and quantity. */
export interface TPpeOrderLine {
  item: string;
  /** The size ordered: the seafarer's coverall or shoe size, "one size", or null when the record lacks it. */
  size: string | null;
  qty: number;
  unitPrice: number;
}

export interface TPpeOrderPerson {
  name: string;
  applicantNumber: string;
  rank: string;
  /** Height and weight for the tailor ("182 cm, 85 kg"), empty when not known. */
  build: string;
  lines: TPpeOrderLine[];
  /** The rank is a row of the matrix (else nothing is ordered for the seafarer). */
  rankInMatrix: boolean;
}

export interface TPpeOrder {
  vessel: string;
  owner: string;
  matrix: string;
  currency: string;
  crewChangeDate: string;
  port: string;
  printedOn: string;
  people: TPpeOrderPerson[];
}

const HEAD_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE7EEF7" } };
const TOTAL_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFF3F3F3" } };
const MISSING_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFFDE2E2" } };
const thin: Partial<ExcelJS.Border> = { style: "thin", color: { argb: "FF8A8A8A" } };
const BOX: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };
const MONEY = "#,##0.00";
const MISSING = "size missing";

/** Letter sizes small to large; a number (a shoe size) by its value; anything else after them. */
const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL|2XL", "XXXL|3XL", "4XL", "5XL"];
const sizeRank = (size: string): number => {
  const letter = LETTER_SIZES.findIndex((s) => s.split("|").includes(size.trim().toUpperCase()));
  if (letter >= 0) return letter;
  const n = Number.parseFloat(size);
  return Number.isFinite(n) ? 100 + n : 1000;
};

const amountOf = (l: TPpeOrderLine): number => Math.round(l.qty * l.unitPrice * 100) / 100;
export const personTotal = (p: TPpeOrderPerson): number =>
  Math.round(p.lines.reduce((s, l) => s + amountOf(l) * 100, 0)) / 100;

const heading = (sheet: ExcelJS.Worksheet, order: TPpeOrder, title: string, width: number) => {
  const last = String.fromCharCode(64 + width);
  sheet.mergeCells(`A1:${last}1`);
  sheet.getCell("A1").value = title;
  sheet.getCell("A1").font = { bold: true, size: 14 };
  sheet.mergeCells(`A2:${last}2`);
  sheet.getCell("A2").value =
    `${order.vessel} · crew change ${order.crewChangeDate}${order.port ? ` at ${order.port}` : ""}`;
  sheet.mergeCells(`A3:${last}3`);
  sheet.getCell("A3").value =
    `Owner ${order.owner} · matrix "${order.matrix}" · prices in ${order.currency} · printed ${order.printedOn}`;
  // A narrow sheet (the summary) wraps a long line instead of cutting it at the page's edge.
  const chars = sheet.columns.reduce((sum, c) => sum + (c.width ?? 9), 0);
  for (const ref of ["A2", "A3"]) {
    const cell = sheet.getCell(ref);
    cell.font = { size: 10, color: { argb: "FF555555" } };
    cell.alignment = { wrapText: true, vertical: "top" };
    const lines = Math.ceil(cell.text.length / Math.max(chars, 1));
    if (lines > 1) sheet.getRow(Number(cell.row)).height = 14 * lines;
  }
  sheet.addRow([]);
};

const headRow = (sheet: ExcelJS.Worksheet, heads: readonly string[]) => {
  const row = sheet.addRow([...heads]);
  row.height = 30;
  row.font = { bold: true };
  row.alignment = { vertical: "middle", wrapText: true };
  row.eachCell((cell) => {
    cell.fill = HEAD_FILL;
    cell.border = BOX;
  });
  return row;
};

const boxed = (row: ExcelJS.Row, width: number, moneyFrom: number) => {
  for (let col = 1; col <= width; col += 1) {
    const cell = row.getCell(col);
    cell.border = BOX;
    if (col >= moneyFrom) cell.numFmt = MONEY;
  }
};

/**
 * The PPE order of a crew change (issue 17 §3): sheet "Order" a row per seafarer and item with
 * rank, size, quantity, unit price and amount, a total per seafarer and for the order; sheet
 * "Summary" the quantities per item and size, as the supplier packs them. Sizes missing from a
 * seafarer's record are marked in red.
 */
export const ppeOrderXlsx = async (order: TPpeOrder): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.creator = "Crew";
  const sheet = book.addWorksheet("Order", {
    pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 },
  });
  sheet.columns = [
    { width: 5 },
    { width: 26 },
    { width: 12 },
    { width: 18 },
    { width: 22 },
    { width: 13 },
    { width: 7 },
    { width: 12 },
    { width: 13 },
  ];
  const WIDTH = 9;
  heading(sheet, order, "Personal protective equipment order", WIDTH);
  const head = headRow(sheet, [
    "No",
    "Seafarer",
    "Applicant no",
    "Rank",
    "Item",
    "Size",
    "Qty",
    "Unit price",
    "Amount",
  ]);
  sheet.views = [{ state: "frozen", ySplit: head.number }];
  let orderTotal = 0;
  for (const [index, person] of order.people.entries()) {
    const first = person.lines[0];
    const who = [index + 1, person.name, person.applicantNumber, person.rank];
    if (!first) {
      const row = sheet.addRow([
        ...who,
        person.rankInMatrix ? "No items for this rank" : "Rank not in the matrix: nothing ordered",
        "",
        "",
        "",
        0,
      ]);
      boxed(row, WIDTH, 8);
      row.getCell(5).font = { italic: true, color: { argb: "FF8A4B00" } };
    }
    for (const [i, line] of person.lines.entries()) {
      const row = sheet.addRow([
        ...(i === 0 ? who : ["", "", "", ""]),
        line.item,
        line.size ?? MISSING,
        line.qty,
        line.unitPrice,
        amountOf(line),
      ]);
      boxed(row, WIDTH, 8);
      if (line.size === null) {
        row.getCell(6).fill = MISSING_FILL;
        row.getCell(6).font = { color: { argb: "FFB00020" }, bold: true };
      }
      if (i === 1 && person.build) row.getCell(2).value = person.build;
      if (i === 1 && person.build) row.getCell(2).font = { size: 9, color: { argb: "FF555555" } };
    }
    const total = personTotal(person);
    orderTotal += total;
    const sub = sheet.addRow([
      "",
      `Total for ${person.name}`,
      "",
      "",
      "",
      "",
      person.lines.reduce((s, l) => s + l.qty, 0),
      "",
      total,
    ]);
    boxed(sub, WIDTH, 8);
    sub.font = { bold: true };
    sub.eachCell({ includeEmpty: true }, (cell) => {
      cell.fill = TOTAL_FILL;
    });
  }
  const grand = sheet.addRow([
    "",
    `Order total (${order.people.length} seafarers)`,
    "",
    "",
    "",
    "",
    order.people.reduce((s, p) => s + p.lines.reduce((t, l) => t + l.qty, 0), 0),
    order.currency,
    Math.round(orderTotal * 100) / 100,
  ]);
  boxed(grand, WIDTH, 9);
  grand.font = { bold: true, size: 12 };
  grand.height = 20;

  const summary = book.addWorksheet("Summary", {
    pageSetup: { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 },
  });
  summary.columns = [{ width: 24 }, { width: 14 }, { width: 8 }, { width: 12 }, { width: 14 }];
  heading(summary, order, "PPE order: quantities per item and size", 5);
  headRow(summary, ["Item", "Size", "Qty", "Unit price", "Amount"]);
  const packs = new Map<string, { item: string; size: string; qty: number; unitPrice: number }>();
  for (const p of order.people)
    for (const l of p.lines) {
      const size = l.size ?? MISSING;
      const key = `${l.item}\u0000${size}\u0000${l.unitPrice}`;
      const pack = packs.get(key) ?? { item: l.item, size, qty: 0, unitPrice: l.unitPrice };
      pack.qty += l.qty;
      packs.set(key, pack);
    }
  // Each item's sizes together, items in the order's order, sizes in natural order, a missing size last.
  const itemOrder = [...new Set(order.people.flatMap((p) => p.lines.map((l) => l.item)))];
  const sorted = [...packs.values()].sort(
    (a, b) =>
      itemOrder.indexOf(a.item) - itemOrder.indexOf(b.item) ||
      Number(a.size === MISSING) - Number(b.size === MISSING) ||
      sizeRank(a.size) - sizeRank(b.size) ||
      a.size.localeCompare(b.size, "en", { numeric: true }) ||
      a.unitPrice - b.unitPrice,
  );
  for (const pack of sorted) {
    const row = summary.addRow([
      pack.item,
      pack.size,
      pack.qty,
      pack.unitPrice,
      Math.round(pack.qty * pack.unitPrice * 100) / 100,
    ]);
    boxed(row, 5, 4);
    if (pack.size === MISSING) row.getCell(2).fill = MISSING_FILL;
  }
  const end = summary.addRow([
    "Total",
    "",
    [...packs.values()].reduce((s, p) => s + p.qty, 0),
    order.currency,
    Math.round(orderTotal * 100) / 100,
  ]);
  boxed(end, 5, 5);
  end.font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
};
