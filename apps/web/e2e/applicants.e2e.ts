import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { notice, signIn } from "./support/session";
import { PHONE, shoot, WIDE } from "./support/screenshot";

/** The applicant list's rows (the table's body rows). */
const rows = (page: Page) => page.locator("tbody tr");
const search = (page: Page) => page.getByRole("searchbox", { name: "Search seafarers" });

test.describe.configure({ mode: "serial" });

test("recruiter: filter, search with OR, star, tag three in multi-select mode, export", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Seafarers" })).toBeVisible();
  await expect(rows(page)).toHaveCount(15);
  await shoot(page, "applicants-list");

  // Filter: rank and status; the filter persists in users.filter.
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("combobox", { name: "Rank", exact: true }).click();
  await page.getByRole("option", { name: "AB", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("combobox", { name: "Status", exact: true }).click();
  await page.getByRole("option", { name: "To propose", exact: true }).click();
  await page.keyboard.press("Escape");
  await shoot(page, "applicants-filter", { fullPage: false });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/filter%5Brole%5D=\d+/);
  await expect(page.locator("td[data-column='crewing_rank']").first()).toHaveText("AB");
  for (const status of await page.locator("td[data-column='status']").allInnerTexts())
    expect(status).toMatch(/^To propose/);
  const stored = await page.evaluate(() => window.localStorage.getItem("users.filter"));
  expect(stored).toContain("to_propose");
  // The panel stays open after Apply; Clear empties the filter and the applied filter at once.
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page).not.toHaveURL(/filter%5Brole%5D/);
  await page.getByRole("button", { name: "Cancel" }).click();

  // Search with OR: two surnames of the demo data.
  await search(page).fill("Kovalenko OR Santos");
  await expect(page).toHaveURL(/search=Kovalenko/);
  await expect(page.locator("td[data-column='full_name'] a").first()).toHaveText(/^(Kovalenko|Santos\w*) /);
  const names = await page.locator("td[data-column='full_name'] a").allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  // Words match from their start: Santoso is found too.
  for (const n of names) expect(n).toMatch(/^(Kovalenko|Santos\w*) /);
  await page.getByRole("button", { name: "How search works" }).click();
  await expect(page.getByText("Quotes keep words together")).toBeVisible();
  await shoot(page, "applicants-search-help", { fullPage: false });
  await page.keyboard.press("Escape");

  // Star the first one: the mark survives a reload and the favourites filter finds it.
  const first = rows(page).first();
  const firstName = (await first.locator("td[data-column='full_name'] a").innerText()).trim();
  const star = first.getByRole("button", { name: /favourites$/ });
  const wasStarred = (await star.getAttribute("aria-pressed")) === "true";
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", wasStarred ? "false" : "true");
  await page.reload();
  await expect(
    rows(page)
      .first()
      .getByRole("button", { name: /favourites$/ }),
  ).toHaveAttribute("aria-pressed", wasStarred ? "false" : "true");
  if (wasStarred)
    await rows(page)
      .first()
      .getByRole("button", { name: /favourites$/ })
      .click();

  // Tag three applicants in multi-select mode; the tag shows once the job has run.
  await search(page).fill("");
  await expect(page).not.toHaveURL(/search=/);
  const tag = `E2E ${Date.now()}`;
  await page.getByRole("button", { name: "Select" }).click();
  for (let i = 0; i < 3; i++) await rows(page).nth(i).getByRole("checkbox").check();
  const tagged = await Promise.all(
    [0, 1, 2].map(async (i) =>
      (await rows(page).nth(i).locator("td[data-column='full_name'] a").innerText()).trim(),
    ),
  );
  await page.getByRole("combobox", { name: "Tag", exact: true }).fill(tag);
  await shoot(page, "applicants-multiselect", { fullPage: false });
  await page.getByRole("button", { name: "Assign tag" }).click();
  await expect(
    notice(page, "The task was successfully added to the queue. This may take a little time."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Select" })).toBeVisible();
  await expect(notice(page, /done/)).toBeVisible();
  await search(page).fill(`"${tag}"`);
  await expect(page.getByTestId("list-total")).toHaveText("3");
  await expect(rows(page)).toHaveCount(3);
  expect(
    (await page.locator("td[data-column='full_name'] a").allInnerTexts()).map((n) => n.trim()).sort(),
  ).toEqual([...tagged].sort());
  await expect(page.locator("td[data-column='tag_list']").first()).toContainText(tag);
  expect(firstName.length).toBeGreaterThan(0);

  // Export the three: a real .xlsx downloads.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^seafarers-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
});

test("recruiter: create with a 422 on a field, open comments, edit, History, delete", async ({
  page,
  context,
}) => {
  await signIn(page, "manager@example.com");
  await page.goto("/users");
  await page.getByRole("link", { name: "New seafarer" }).click();
  const dialog = page.getByRole("dialog");
  const surname = `Testenko${Date.now().toString(36).replace(/[0-9]/g, "")}`;
  // Phones of this run only: the duplicate check would otherwise find an earlier run's applicant.
  const digits = String(Date.now()).slice(-7);
  const phone = `+380 67 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
  const newPhone = `+380 68 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
  await dialog.getByLabel("Surname").fill(surname);
  await dialog.getByRole("textbox", { name: /^Name/ }).fill("Petro");
  await dialog.getByLabel("Mobile phone").fill("call me maybe");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText(/Mobile phone may hold digits/)).toBeVisible();
  await dialog.getByLabel("Mobile phone").fill(phone);
  await dialog.getByRole("combobox", { name: "Status", exact: true }).click();
  await expect(page.getByRole("option", { name: "On board" })).toHaveAttribute(
    "data-combobox-disabled",
    "true",
  );
  await page.getByRole("option", { name: "To propose" }).click();
  await shoot(page, "applicants-form", { fullPage: false });
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Seafarer created successfully")).toBeVisible();
  // The new applicant's comments open in a new tab (the details until comments exist).
  const comments = await popup;
  await comments.waitForLoadState();
  await expect(comments).toHaveURL(/\/users\/\d+\/(comments|details)$/);
  await expect(comments.getByRole("heading", { name: new RegExp(surname) })).toBeVisible();
  await comments.close();

  // A duplicate by name and phone is named, with the way to create it anyway.
  await page.getByRole("link", { name: "New seafarer" }).click();
  await dialog.getByLabel("Surname").fill(surname);
  await dialog.getByRole("textbox", { name: /^Name/ }).fill("Other");
  await dialog.getByLabel("Mobile phone").fill(phone.replace(/\s/g, ""));
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText("This seafarer may already be in the database")).toBeVisible();
  await shoot(page, "applicants-duplicate", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // What was typed is not saved: Cancel asks first (issue 22.11).
  await page
    .getByRole("dialog", { name: "Discard your changes?" })
    .getByRole("button", { name: "Discard" })
    .click();

  // Edit the status and phone, then read who changed them in History.
  await search(page).fill(surname);
  await page.getByRole("link", { name: new RegExp(`^${surname} Petro`) }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/details$/);
  await shoot(page, "applicants-details");
  await page.getByRole("link", { name: "Edit" }).click();
  await dialog.getByRole("combobox", { name: "Status", exact: true }).click();
  await page.getByRole("option", { name: "Approved" }).click();
  await dialog.getByLabel("Mobile phone").fill(newPhone);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(notice(page, "Seafarer updated successfully")).toBeVisible();
  // Opened from the record, the dialog closes back to it (issue 22.7); its History tab tells who.
  await expect(page).toHaveURL(/\/users\/\d+\/details$/);
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByText("Maria Manager").first()).toBeVisible();
  await expect(page.getByText(/Approved|approved/).first()).toBeVisible();
  await shoot(page, "applicants-history");

  // Delete archives: the applicant leaves the list.
  await page.getByRole("tab", { name: "Details" }).click();
  await page.getByRole("link", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(notice(page, "Seafarer deleted successfully")).toBeVisible();
  await page.goto(`/users?search=${surname}`);
  await expect(page.getByText("No seafarers")).toBeVisible();
});

test("phone-sized screens: the list as cards, the filter, the details", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, "admin@example.com");
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Seafarers" })).toBeVisible();
  await shoot(page, "applicants-list", { fullPage: false });
  await page.getByRole("button", { name: "Filter" }).click();
  await shoot(page, "applicants-filter", { fullPage: false });
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.locator("a[href*='/users/'][href$='/details']").first().click();
  await expect(page).toHaveURL(/\/users\/\d+\/details$/);
  await shoot(page, "applicants-details", { fullPage: false });
  await page.setViewportSize(WIDE);
});
