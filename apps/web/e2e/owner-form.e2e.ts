import { expect, test } from "@playwright/test";
import { shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/**
 * The owner form (spec 002 §7): a new owner with a contract template, terms and a fee per rank
 * level. Save first lists what the templates and terms will change; after Confirm the owner is
 * saved, the template uploads, and update_terms and update_level_terms follow. Editing it
 * again with nothing of the terms changed saves without a preview.
 */
test("a new owner with a contract template, terms and a level fee: previewed, confirmed, then sent", async ({
  page,
}, testInfo) => {
  await signIn(page, "admin@example.com");
  // A template that passes the upload check: the demo owner's own, downloaded from its Templates tab.
  await page.goto("/owners");
  await page.getByRole("link", { name: "Aegean Bulk Carriers S.A.", exact: true }).click();
  await page.getByRole("tab", { name: "Templates" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByTestId("templates-contract_template")
      .getByRole("button", { name: /^[^R].*\.docx$/ })
      .click(),
  ]);
  const template = testInfo.outputPath("Owner form contract.docx");
  await download.saveAs(template);

  const title = `Form Owner ${Date.now()}`;
  await page.goto("/owners/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Title/ }).fill(title);
  await dialog.locator("input[type=file]").first().setInputFiles(template);
  const terms = dialog.getByTestId("owner-form-terms");
  await terms.getByRole("textbox", { name: "Terms", exact: true }).fill("Wages paid monthly in USD.");
  await terms.getByRole("textbox", { name: /^Fee, Management level/ }).fill("1500");
  await dialog.getByRole("button", { name: "Create" }).click();

  // Nothing is sent before the user confirms what will change.
  const preview = dialog.getByTestId("changes-preview");
  await expect(preview).toContainText("Contract template: upload Owner form contract.docx");
  await expect(preview).toContainText("Terms: set to “Wages paid monthly in USD.”");
  await expect(preview).toContainText("Fee, Management level: none → USD 1,500");
  await expect(preview).not.toContainText("Contract terms");
  await shoot(page, "owner-form-preview", { fullPage: false });
  await preview.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByRole("button", { name: "Create" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create" }).click();
  await preview.getByRole("button", { name: "Confirm and save" }).click();
  await expect(notice(page, /created/i)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The owner has the template, the terms and the fee.
  await page.goto("/owners");
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByRole("tab", { name: "Templates" }).click();
  await expect(page.getByTestId("templates-contract_template")).toContainText("Owner form contract.docx");
  await page.getByRole("tab", { name: "Wage" }).click();
  const card = page.getByTestId("owner-terms");
  await expect(card.getByRole("textbox", { name: "Terms", exact: true })).toHaveValue(
    "Wages paid monthly in USD.",
  );
  await expect(card.getByRole("textbox", { name: /^Fee, Management level/ })).toHaveValue("1500");

  // An edit that changes only the short title saves without a preview; one that changes a fee shows it.
  const ownerUrl = page.url().replace(/\/wage$/, "");
  await page.goto(`${ownerUrl}/edit`);
  await dialog.getByRole("textbox", { name: /^Short title/ }).fill("FO");
  await dialog
    .getByTestId("owner-form-terms")
    .getByRole("textbox", { name: /^Fee, Support level/ })
    .fill("200");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(preview).toContainText("Fee, Support level: none → USD 200");
  await expect(preview).not.toContainText("Terms:");
  await preview.getByRole("button", { name: "Confirm and save" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await page.goto(`${ownerUrl}/wage`);
  await expect(card.getByRole("textbox", { name: /^Fee, Support level/ })).toHaveValue("200");
  await expect(card.getByRole("textbox", { name: /^Fee, Management level/ })).toHaveValue("1500");
});
