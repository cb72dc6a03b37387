import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ppeOrderXlsx, type TPpeOrderPerson } from "../../src/print/ppe-order-xlsx.js";

const person = (name: string, coverall: string | null, shoe: string): TPpeOrderPerson => ({
  name,
  applicantNumber: "1",
  rank: "AB",
  build: "",
  rankInMatrix: true,
  lines: [
    { item: "Coverall", size: coverall, qty: 2, unitPrice: 30.55 },
    { item: "Safety shoes", size: shoe, qty: 1, unitPrice: 50.75 },
  ],
});

describe("PPE order .xlsx", () => {
  it("groups the summary by item, sizes small to large and a missing size last; a long heading wraps", async () => {
    const body = await ppeOrderXlsx({
      vessel: "AMBER FORTUNE (IMO 9354478)",
      owner: "Aegean Bulk Carriers S.A.",
      matrix: "Aegean Bulk PPE issue",
      currency: "USD",
      crewChangeDate: "2026-12-19",
      port: "Singapore",
      printedOn: "2026-11-28",
      people: [
        person("A", "XL", "44"),
        person("B", null, "42"),
        person("C", "L", "44"),
        person("D", "3XL", "9"),
      ],
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    const summary = book.getWorksheet("Summary")!;
    const rows: string[] = [];
    summary.eachRow((row, n) => {
      if (n > 5) rows.push(`${row.getCell(1).text} ${row.getCell(2).text} ${row.getCell(3).text}`);
    });
    expect(rows).toEqual([
      "Coverall L 2",
      "Coverall XL 2",
      "Coverall 3XL 2",
      "Coverall size missing 2",
      "Safety shoes 9 1",
      "Safety shoes 42 1",
      "Safety shoes 44 2",
      "Total  12",
    ]);
    expect(summary.getCell("A3").alignment?.wrapText).toBe(true);
    expect(summary.getRow(3).height).toBeGreaterThan(14);
  });
});
