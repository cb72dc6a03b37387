import { expect, test } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn } from "./support/session";

test("admin: a crew user's History tab shows who changed what after an edit", async ({ page }) => {
  await signIn(page, "admin@example.com");
  const stamp = Date.now();
  const name = `Hanna History ${stamp}`;

  await page.goto("/crew-users/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("textbox", { name: /^Email/ }).fill(`hanna.${stamp}@example.com`);
  await dialog.getByRole("textbox", { name: /^Password/ }).fill("Another-Password-2");
  await dialog.getByRole("combobox", { name: /^Role/ }).click();
  await page.getByRole("option", { name: "guest", exact: true }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Crew user created successfully")).toBeVisible();

  await page.getByLabel("Search crew users").fill(name);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/crew-users\/\d+\/details$/);
  // The list's row links are named "Edit <name>": only the details page's own link is "Edit".
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await dialog.getByLabel("Name").fill(`${name} edited`);
  await dialog.getByRole("combobox", { name: /^Role/ }).click();
  await page.getByRole("option", { name: "manager", exact: true }).click();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(notice(page, "Crew user updated successfully")).toBeVisible();

  // The edit returns to the record it was opened from (issue 22.7).
  await expect(page.getByRole("heading", { name: `${name} edited`, exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page).toHaveURL(/\/crew-users\/\d+\/history$/);
  const entries = page.getByTestId("version");
  await expect(entries).toHaveCount(2);
  // Newest first: the edit by the signed-in admin, then the creation.
  await expect(entries.first()).toContainText("Anna Admin");
  await expect(entries.first()).toContainText("Updated");
  await expect(entries.first().getByTestId("version-change").filter({ hasText: "Name:" })).toHaveText(
    `Name: ${name} → ${name} edited`,
  );
  await expect(entries.first().getByTestId("version-change").filter({ hasText: "Role:" })).toHaveText(
    "Role: guest → manager",
  );
  await expect(entries.nth(1)).toContainText("Created");
  // The password is recorded only as changed, never its value.
  await expect(entries.nth(1).getByTestId("version-change").filter({ hasText: "Password:" })).toHaveText(
    "Password: [redacted]",
  );
  // A fresh page: the notices of the edit would cover the picture.
  await page.reload();
  await expect(page.getByTestId("version")).toHaveCount(2);
  await shoot(page, "crew-user-history");
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId("version").first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await shoot(page, "crew-user-history");
  await page.setViewportSize(WIDE);

  // Back on the details tab, then the user goes again.
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page).toHaveURL(/\/details$/);
  await page.getByRole("link", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(notice(page, "Crew user deleted successfully")).toBeVisible();
});
