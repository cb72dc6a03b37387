import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

/** A 1×1 PNG: a scan as far as the content check goes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Application-form links (issue 19 §3; docs/outside-channels.md): a recruiter makes a link on
 * the applicant's tab, the seafarer opens it on a phone with no account and sends a new phone
 * number, and the change waits on the Outside sites tab for staff to accept.
 */
test("admin: a link made on the applicant's tab, filled on a phone, waits on Outside sites", async ({
  page,
  browser,
  request,
}) => {
  const api = await planningApi(request);
  const letters = String(Date.now()).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  const surname = `Formlink${letters}`;
  const userId = await api.applicant(surname, "Petro");

  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${userId}/app-form-links`);
  await page.getByRole("button", { name: "New link" }).click();
  const dialog = page.getByRole("dialog", { name: "New application-form link" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const issued = dialog.getByTestId("app-form-link-issued");
  await expect(issued).toBeVisible();
  const url = await issued.getByRole("textbox", { name: "Link address" }).inputValue();
  expect(url).toMatch(/\/application-form\/[A-Za-z0-9_-]{43}$/);
  await shoot(page, "app-form-link-issued", { fullPage: false });
  await dialog.getByRole("button", { name: "Done" }).click();
  // The list shows the new link as waiting.
  await expect(page.getByRole("cell", { name: "Waiting", exact: true })).toBeVisible();

  // The seafarer, on a phone, with no account.
  const phone = await browser.newContext({ viewport: PHONE });
  const form = await phone.newPage();
  await form.goto(url);
  await expect(form.getByRole("heading", { name: "Application form" })).toBeVisible();
  await expect(form.getByLabel("Surname")).toHaveValue(surname);
  await form.locator('input[name="mobile_phone"]').fill("+380 67 555 44 33");
  await shoot(form, "app-form-public");

  // A draft with a sea service row and a scan; the same link reopens it.
  await form.locator('input[name="sea_0_vessel"]').fill("Nordic Star");
  await form.locator('input[name="sea_0_rank"]').fill("Able seaman");
  await form.locator('input[name="sea_0_date_on"]').fill("2024-01-10");
  await form.locator('input[name="sea_0_date_off"]').fill("2024-07-20");
  await form
    .getByLabel("Add scans")
    .setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByRole("status")).toContainText("Draft saved");
  await expect(form.getByText("passport.png")).toBeVisible();
  await form.goto(url);
  await expect(form.locator('input[name="mobile_phone"]')).toHaveValue("+380 67 555 44 33");
  await expect(form.locator('input[name="sea_0_vessel"]')).toHaveValue("Nordic Star");
  const rows = await form.getByRole("group", { name: /Sea service row/ }).count();
  await form.getByRole("button", { name: "Add another row" }).click();
  await expect(form.getByRole("group", { name: /Sea service row/ })).toHaveCount(rows + 1);

  // A file that is not what its name says is refused on its field, the rest kept.
  await form.getByLabel("Add scans").setInputFiles({
    name: "certificate.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("not a pdf at all"),
  });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.locator("#e-documents")).toContainText("certificate.pdf is not an allowed file type");
  await expect(form.locator('input[name="sea_0_vessel"]')).toHaveValue("Nordic Star");
  await form.locator("#e-documents").scrollIntoViewIfNeeded();
  await shoot(form, "app-form-upload-refused", { fullPage: false });
  const overflow = await form.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("heading", { name: "Thank you" })).toBeVisible();
  // Once only.
  await form.goto(url);
  await expect(form.getByRole("heading", { name: "Already sent" })).toBeVisible();
  await phone.close();

  // Staff: the link is submitted and the change waits on Outside sites.
  await page.reload();
  await expect(page.getByRole("cell", { name: "Submitted", exact: true })).toBeVisible();
  // The scan sent with the form, taken into the applicant's attachments.
  await expect(page.getByRole("link", { name: "passport.png" })).toBeVisible();
  await shoot(page, "app-form-links-sent-files");
  await page.getByRole("button", { name: "Add to the record" }).click();
  await expect(page.getByText("The files were added to the seafarer's record")).toBeVisible();
  await page.goto(`/users/${userId}/attachments`);
  await expect(page.getByRole("cell", { name: "passport.png", exact: true }).first()).toBeVisible();
  await shoot(page, "app-form-taken-attachments");
  await page.goto(`/users/${userId}/external`);
  await expect(page.getByText("+380 67 555 44 33").first()).toBeVisible();
  await expect(page.getByText("Nordic Star").first()).toBeVisible();
  await shoot(page, "app-form-outside-sites");
});
