import { expect, test, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { readFileSync } from "node:fs";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

type TCrewChange = {
  id: string;
  attributes: { vessel_name: string; sign_on_count: number };
  relationships: { vessel: { data: { id: string } } };
};
type TRow = (string | number | null)[];

/** The rows of a sheet as arrays from column A (ExcelJS's row.values starts at index 1). */
const rowsOf = (sheet: ExcelJS.Worksheet): TRow[] => {
  const rows: TRow[] = [];
  sheet.eachRow((row) => {
    const values = row.values as (ExcelJS.CellValue | undefined)[];
    rows.push(
      values
        .slice(1)
        .map((v) =>
          typeof v === "number" || typeof v === "string" ? v : v == null ? null : JSON.stringify(v),
        ),
    );
  });
  return rows;
};
const readBook = async (bytes: Buffer): Promise<ExcelJS.Workbook> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
};
const num = (v: unknown): number => (typeof v === "number" ? v : Number(v));
const cents = (n: number): number => Math.round(n * 100);

/** The person's lines (item rows) and total row of the order sheet, by the person's row number. */
const personOf = (rows: TRow[], no: number) => {
  const start = rows.findIndex((r) => r[0] === no);
  const end = rows.findIndex((r, i) => i > start && String(r[1] ?? "").startsWith("Total for "));
  return {
    name: String(rows[start]?.[1]),
    rank: String(rows[start]?.[3]),
    lines: rows.slice(start, end),
    total: rows[end]!,
  };
};

const printFromCrewChange = async (page: Page, crewChangeId: string): Promise<Buffer> => {
  await page.goto(`/crew-changes/${crewChangeId}/details`);
  await page.getByTestId("crew-change-print").click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("print-ppe-order").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^PPE order .*\.xlsx$/);
  return readFileSync((await download.path()) ?? "");
};

/**
 * The owner's protective-equipment matrix (/owners/{id}/protective-equipment-matrix) in
 * Chromium against the real API: a quantity and a price edited on the grid, each saved when the
 * cell is left and marked saved; then the PPE order of a demo crew change, printed from the
 * crew change and read back with ExcelJS, carries the new quantity and price in its rows and
 * totals.
 */
test("edit a PPE quantity and a price on the matrix grid, then print the crew change's PPE order with them", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const changes = await api.call("get", "/crew_changes?page[size]=100");
  const change = (changes.body.data as TCrewChange[]).find(
    (c) => c.attributes.vessel_name === "AMBER FORTUNE" && c.attributes.sign_on_count > 0,
  );
  if (!change) throw new Error("no demo crew change with sign-ons on AMBER FORTUNE");
  const vessel = await api.call("get", `/vessels/${change.relationships.vessel.data.id}`);
  const ownerId = (vessel.body.data as { relationships: { owner: { data: { id: string } } } }).relationships
    .owner.data.id;

  // The order as the demo prints it: the first seafarer, their rank and their helmet line.
  await signIn(page, "admin@example.com");
  const before = rowsOf((await readBook(await printFromCrewChange(page, change.id))).getWorksheet("Order")!);
  const first = personOf(before, 1);
  const helmetBefore = first.lines.find((l) => l[4] === "Safety helmet");
  if (!helmetBefore) throw new Error(`no helmet for ${first.rank} in the demo matrix`);

  // The grid: a quantity and a price, each saved on leaving the cell.
  await page.goto(`/owners/${ownerId}/protective-equipment-matrix`);
  const grid = page.getByRole("table", { name: "Equipment matrix" });
  await expect(grid).toBeVisible();
  const qty = grid.getByRole("textbox", { name: `Safety helmet for ${first.rank}`, exact: true });
  const newQty = num(helmetBefore[6]) + 2;
  await qty.fill(String(newQty));
  await qty.press("Tab");
  await expect(qty).toHaveAttribute("data-state", "saved");
  const price = grid.getByRole("textbox", { name: "Price of Safety helmet", exact: true });
  await price.fill("15.25");
  await price.blur();
  await expect(price).toHaveAttribute("data-state", "saved");
  await shoot(page, "ppe-matrix-edited");
  // A reload shows what the server kept.
  await page.reload();
  await expect(
    grid.getByRole("textbox", { name: `Safety helmet for ${first.rank}`, exact: true }),
  ).toHaveValue(String(newQty));
  await expect(grid.getByRole("textbox", { name: "Price of Safety helmet", exact: true })).toHaveValue(
    "15.25",
  );

  // The order printed again from the crew change carries both, in the rows and the totals.
  const book = await readBook(await printFromCrewChange(page, change.id));
  const rows = rowsOf(book.getWorksheet("Order")!);
  const person = personOf(rows, 1);
  expect(person.name).toBe(first.name);
  const helmet = person.lines.find((l) => l[4] === "Safety helmet")!;
  expect(num(helmet[6])).toBe(newQty);
  expect(num(helmet[7])).toBe(15.25);
  expect(cents(num(helmet[8]))).toBe(cents(newQty * 15.25));
  const amounts = person.lines.reduce((s, l) => s + cents(num(l[8])), 0);
  expect(cents(num(person.total[8]))).toBe(amounts);
  expect(cents(num(person.total[8])) - cents(num(first.total[8]))).toBe(
    cents(newQty * 15.25) - cents(num(helmetBefore[8])),
  );
  expect(num(person.total[6]) - num(first.total[6])).toBe(2);
  // Every helmet of the order at the new price; the order total is the sum of the people's.
  for (const r of rows.filter((r) => r[4] === "Safety helmet")) expect(num(r[7])).toBe(15.25);
  const totals = rows.filter((r) => String(r[1] ?? "").startsWith("Total for "));
  const grand = rows.find((r) => String(r[1] ?? "").startsWith("Order total"))!;
  expect(cents(num(grand[8]))).toBe(totals.reduce((s, r) => s + cents(num(r[8])), 0));
  const summary = rowsOf(book.getWorksheet("Summary")!);
  const helmets = summary.find((r) => r[0] === "Safety helmet")!;
  expect(num(helmets[3])).toBe(15.25);
  expect(cents(num(helmets[4]))).toBe(cents(num(helmets[2]) * 15.25));
  expect(cents(num(summary.find((r) => r[0] === "Total")![4]))).toBe(cents(num(grand[8])));

  await page.goto(`/owners/${ownerId}/protective-equipment-matrix`);
  await page.setViewportSize(PHONE);
  await shoot(page, "ppe-matrix-edited", { fullPage: false });
  await page.setViewportSize(WIDE);
});
