import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

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
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("heading", { name: "Thank you" })).toBeVisible();
  await phone.close();

  // Staff: the link is submitted and the change waits on Outside sites.
  await page.reload();
  await expect(page.getByRole("cell", { name: "Submitted", exact: true })).toBeVisible();
  await page.goto(`/users/${userId}/external`);
  await expect(page.getByText("+380 67 555 44 33").first()).toBeVisible();
  await shoot(page, "app-form-outside-sites");
});
