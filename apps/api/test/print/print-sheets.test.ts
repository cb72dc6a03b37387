import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { crewListXlsx } from "../../src/print/crew-list-xlsx.js";
import { timePlanXlsx } from "../../src/print/time-plan-xlsx.js";

const d = (s: string) => new Date(`${s}T00:00:00Z`);
const read = async (buffer: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book.worksheets[0]!;
};

describe("print sheets", () => {
  it("the crew list fills every box of FAL Form 5, a row per seafarer with real dates", async () => {
    const sheet = await read(
      await crewListXlsx({
        direction: "departure",
        ship: { name: "NORDIC STAR", imo: "9074729", callSign: "5BQX2", flagState: "Cyprus" },
        voyageNumber: "24/117",
        port: "Rotterdam",
        date: d("2026-12-03"),
        lastPortOfCall: "Antwerp",
        crew: [
          {
            familyName: "Kovalenko",
            givenNames: "Andrii",
            rank: "Master",
            nationality: "Ukrainian",
            dateOfBirth: d("1974-03-12"),
            placeOfBirth: "Odesa",
            gender: "M",
            identityDocument: {
              kind: "Seaman's book",
              number: "AB123456",
              issuingState: "Ukraine",
              expiry: d("2029-05-01"),
            },
          },
        ],
      }),
    );
    const text = (address: string) => JSON.stringify(sheet.getCell(address).value);
    expect(text("A1")).toContain("CREW LIST");
    expect(text("A3")).toContain("☒ Departure");
    for (const [address, value] of [
      ["D3", "NORDIC STAR"],
      ["A4", "9074729"],
      ["D4", "5BQX2"],
      ["G4", "24/117"],
      ["J4", "Cyprus"],
      ["A5", "Rotterdam"],
      ["G5", "03.12.2026"],
      ["J5", "Antwerp"],
    ] as const) {
      expect(text(address)).toContain(value);
    }
    const heads = (sheet.getRow(7).values as unknown[]).slice(1);
    expect(heads).toHaveLength(12);
    expect(String(heads[0])).toContain("6.");
    expect(String(heads[11])).toContain("17.");
    const line = sheet.getRow(8);
    expect(line.getCell(2).value).toBe("KOVALENKO");
    expect(line.getCell(6).value).toEqual(d("1974-03-12"));
    expect(line.getCell(6).numFmt).toBe("dd.mm.yyyy");
    expect(line.getCell(10).value).toBe("AB123456");
  });

  it("the time plan colours each plan across its weeks and names the seafarer in its first cell", async () => {
    const sheet = await read(
      await timePlanXlsx({
        from: d("2026-11-02"),
        weeks: 12,
        colours: { on_board: "FF81C784" },
        legend: [{ status: "on_board", label: "On board" }],
        rows: [
          {
            vessel: "NORDIC STAR",
            rank: "Master",
            bars: [
              { start: d("2026-11-16"), end: d("2026-12-20"), status: "on_board", label: "Kovalenko A." },
            ],
          },
        ],
      }),
    );
    const row = sheet.getRow(4);
    expect(row.getCell(1).value).toBe("NORDIC STAR");
    const solid = (col: number) => JSON.stringify(row.getCell(col).fill ?? {}).includes('"solid"');
    expect(solid(3)).toBe(false);
    expect(row.getCell(5).value).toBe("Kovalenko A.");
    for (const col of [5, 6, 7, 8, 9])
      expect(row.getCell(col).fill).toMatchObject({ fgColor: { argb: "FF81C784" } });
    expect(row.getCell(10).value ?? null).toBeNull();
  });
});
