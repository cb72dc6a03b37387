import { expect, test, type Page } from "@playwright/test";
import { notice, signIn, signOut } from "./support/session";

const sections = (page: Page) => page.getByRole("navigation", { name: "Sections" });

test("admin: tabs, a reference item created, edited and deleted, a 422 on its field, sign out", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");

  for (const tab of ["Crew users", "Ranks", "Permissions"]) {
    await expect(sections(page).getByRole("link", { name: tab, exact: true })).toBeAttached();
  }

  // The reference lists sit in one menu of the bar (issue 22.6).
  await sections(page).getByRole("button", { name: "Reference data" }).click();
  await expect(page.getByRole("menuitem", { name: "Countries", exact: true })).toBeVisible();
  await page.getByRole("menuitem", { name: "Vessel types", exact: true }).click();
  await expect(page).toHaveURL(/\/vessel-types/);
  await expect(page.getByRole("heading", { name: "Vessel types", level: 2 })).toBeVisible();

  const title = `E2E tanker ${Date.now()}`;
  await page.getByRole("link", { name: "New vessel type" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Vessel type created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/vessel-types(\?.*)?$/);

  // Search narrows the list after the debounce and lands in the address.
  await page.getByLabel("Search vessel types").fill(title);
  await expect(page).toHaveURL(/search=E2E/);
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await dialog.getByLabel("Title").fill(`${title} (renamed)`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(notice(page, "Vessel type updated successfully")).toBeVisible();
  // The dialog went back to the list with its search kept.
  await expect(page).toHaveURL(/\/vessel-types\?search=E2E/);
  await expect(page.getByRole("link", { name: `${title} (renamed)`, exact: true })).toBeVisible();

  await page.getByRole("link", { name: `Delete ${title} (renamed)` }).click();
  await expect(dialog).toContainText(`${title} (renamed)`);
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(notice(page, "Vessel type deleted successfully")).toBeVisible();
  await expect(page.getByText("Nothing matches")).toBeVisible();

  // A duplicate title: the server's 422 lands under the field.
  await page.goto("/vessel-types/new");
  await dialog.getByLabel("Title").fill("Bulk carrier");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText(/has already been taken/)).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  // Typed and not saved: Cancel asks before the text goes (issue 22.11).
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page
    .getByRole("dialog", { name: "Discard your changes?" })
    .getByRole("button", { name: "Discard" })
    .click();
  await expect(dialog).toHaveCount(0);

  await signOut(page);
  await page.goto("/vessel-types");
  await expect(page).toHaveURL(/\/login$/);
});

const rankTitles = (page: Page) =>
  page.getByTestId("rank-row").locator("td[data-column=title]").allInnerTexts();

test("admin: a rank moved by drag and drop keeps its place after a reload", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/ranks");
  await expect(page.getByTestId("rank-row").first()).toBeVisible();
  const before = await rankTitles(page);
  const third = before[2] ?? "";

  // Keyboard drag (the library's own keyboard sensor): lift, move up two, drop.
  const handle = page.getByLabel(`Reorder ${third}`);
  await handle.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect(notice(page, "The ranks sorted successfully")).toBeVisible();
  const expected = [third, before[0], before[1], ...before.slice(3)];
  expect(await rankTitles(page)).toEqual(expected);

  await page.reload();
  await expect(page.getByTestId("rank-row").first()).toBeVisible();
  await expect.poll(() => rankTitles(page)).toEqual(expected);

  // Put it back so the demo data stays as seeded.
  await page.getByLabel(`Reorder ${third}`).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect(notice(page, "The ranks sorted successfully").last()).toBeVisible();
  await expect.poll(() => rankTitles(page)).toEqual(before);
});

test("admin: list state lives in the address and survives reload and back", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/ranks");
  await page.getByRole("button", { name: "Title" }).click();
  await expect(page).toHaveURL(/sort=title/);
  await page.getByRole("button", { name: "Title" }).click();
  await expect(page).toHaveURL(/sort=-title/);
  await page.getByRole("combobox", { name: "Items per page" }).click();
  await page.getByRole("option", { name: "25 per page" }).click();
  await expect(page).toHaveURL(/perPage=25/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Title" })).toBeVisible();
  await expect(page.locator("th[aria-sort='descending']")).toContainText("Title");
  await page.goBack();
  await expect(page).not.toHaveURL(/perPage=25/);
  await expect(page).toHaveURL(/sort=-title/);
});

test("admin on a phone: rank cards move by their grip too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin@example.com");
  await page.goto("/ranks");
  const names = () => page.getByTestId("rank-card").locator("a[href$='/details']").allInnerTexts();
  await expect(page.getByTestId("rank-card").first()).toBeVisible();
  const before = await names();
  await page.getByLabel(`Reorder ${before[0]}`).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect(notice(page, "The ranks sorted successfully")).toBeVisible();
  await expect.poll(names).toEqual([before[1], before[0], ...before.slice(2)]);
  await page.getByLabel(`Reorder ${before[0]}`).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect.poll(names).toEqual(before);
});
