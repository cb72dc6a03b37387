import { expect, test } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/**
 * The owner's Wage tab (spec 002 §2 /owners/{id}/wage) in Chromium against the real API: the
 * scale as a grid edited one cell at a time (saved on leaving the cell, a refused value shown
 * on its cell, arrows moving between cells), a bonus cell, the alternative scale of a
 * nationality, the terms, and the .xlsx export.
 */
test("admin edits a wage cell and a bonus on the owner's Wage tab", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/owners");
  await page.getByRole("link", { name: "Aegean Bulk Carriers S.A.", exact: true }).click();
  await page.getByRole("tab", { name: "Wage" }).click();
  await expect(page).toHaveURL(/\/owners\/\d+\/wage$/);
  const scale = page.getByTestId("wage-scale-grid");
  await expect(scale).toBeVisible();
  await expect(scale.getByRole("rowheader", { name: "Master" })).toBeVisible();

  // The first rank's basic wage: click, type, leave the cell; the total follows.
  const basic = page.getByTestId("scale-cell-0-0");
  const totalBefore = await page.getByTestId("scale-total-0").innerText();
  await basic.click();
  await basic.getByRole("textbox").fill("7000");
  await basic.getByRole("textbox").press("Tab");
  await expect(basic).toHaveAttribute("data-state", "saved");
  await expect(basic).toContainText("7,000");
  await expect(page.getByTestId("scale-total-0")).not.toHaveText(totalBefore);

  // Arrows move between cells; typing a digit starts editing; Enter saves and moves down.
  await basic.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("scale-cell-0-1")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("scale-cell-1-1")).toBeFocused();
  await page.keyboard.press("3");
  await page.keyboard.type("100");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("scale-cell-1-1")).toHaveAttribute("data-state", "saved");
  await expect(page.getByTestId("scale-cell-1-1")).toContainText("3,100");

  // A value the server refuses shows on its cell.
  const leave = page.getByTestId("scale-cell-0-2");
  await leave.click();
  await leave.getByRole("textbox").fill("2000000");
  await leave.getByRole("textbox").press("Enter");
  await expect(leave).toHaveAttribute("data-state", "error");
  await expect(page.getByText("must be at most 1,000,000")).toBeVisible();

  // A bonus cell.
  const bonus = page.getByTestId("bonus-cell-0-0");
  await bonus.click();
  await bonus.getByRole("textbox").fill("321");
  await bonus.getByRole("textbox").press("Enter");
  await expect(bonus).toHaveAttribute("data-state", "saved");
  await expect(bonus).toContainText("321");
  await shoot(page, "owner-wage");

  // The .xlsx export.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export .xlsx" }).click();
  expect((await download).suggestedFilename()).toMatch(/^Wage scales Aegean Bulk Carriers S\.A\. .*\.xlsx$/);

  // The alternative scale of a nationality (the demo's Filipino scale).
  await page.getByText("Per nationality", { exact: true }).click();
  await expect(page.getByRole("combobox", { name: "Nationality", exact: true })).toHaveValue("Philippines");
  await expect(scale.getByRole("rowheader", { name: "Master" })).toBeVisible();

  // Terms and fees: Save shows what will change, Confirm sends it with the terms actions.
  const terms = page.getByTestId("owner-terms");
  await terms.getByRole("textbox", { name: "Terms", exact: true }).fill("Paid monthly, by bank transfer.");
  await terms.getByRole("button", { name: "Save terms" }).click();
  await expect(terms.getByTestId("changes-preview")).toContainText(
    "Terms: changed to “Paid monthly, by bank transfer.”",
  );
  await terms.getByRole("button", { name: "Confirm and save" }).click();
  await expect(notice(page, "Owner's terms saved")).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.getByText("Normal", { exact: true }).click();
  await shoot(page, "owner-wage");
  await page.setViewportSize(WIDE);
});
