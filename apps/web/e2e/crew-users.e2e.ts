import { expect, test } from "@playwright/test";
import { notice, signIn } from "./support/session";

test("admin: a crew user created with a password, filtered by role, status changed, deleted", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");
  await page.goto("/crew-users");
  // The demo's mentions of the admin show as one notice over the header's buttons; a hovered
  // notice stays, so the pointer leaves it and the test waits for it to go.
  await page.mouse.move(10, 600);
  await expect(page.getByText(/notifications waiting|more in the notifications panel/)).toHaveCount(0, {
    timeout: 20_000,
  });
  const name = `Erik E2E ${Date.now()}`;
  const email = `erik.${Date.now()}@example.com`;

  await page.getByRole("link", { name: "New crew user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("textbox", { name: /^Email/ }).fill(email);
  // The same zod rule as the server: too short is refused before sending.
  await dialog.getByRole("textbox", { name: /^Password/ }).fill("short");
  await dialog.getByRole("combobox", { name: /^Role/ }).click();
  await page.getByRole("option", { name: "manager", exact: true }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText("Password is too short (minimum is 8 characters)")).toBeVisible();
  await dialog.getByRole("textbox", { name: /^Password/ }).fill("Another-Password-2");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Crew user created successfully")).toBeVisible();

  // The role filter offers the spec's choices and narrows the list when applied.
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("combobox", { name: /^Role/ }).click();
  const choices = await page.getByRole("listbox").getByRole("option").allInnerTexts();
  expect(choices).toEqual([
    "All",
    "superuser",
    "admin",
    "manager",
    "guest",
    "partner",
    "partner view only",
    "freelance",
  ]);
  await page.getByRole("option", { name: "manager", exact: true }).click();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/filter%5Brole%5D=manager|filter\[role\]=manager/);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Anna Admin", exact: true })).toHaveCount(0);

  await page.getByRole("combobox", { name: `Status of ${name}` }).click();
  await page.getByRole("option", { name: "Away" }).click();
  await expect(notice(page, "Status updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("Away");

  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/crew-users\/\d+\/details$/);
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole("link", { name: "Edit" }).click();
  await dialog.getByLabel("Name").fill(`${name} edited`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(notice(page, "Crew user updated successfully")).toBeVisible();

  // The edit returns to the record it was opened from (issue 22.7); Delete is in its header.
  await expect(page).toHaveURL(/\/crew-users\/\d+\/details$/);
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(notice(page, "Crew user deleted successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: `${name} edited`, exact: true })).toHaveCount(0);
});

test("admin: a permission switch saves at once and survives a reload", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/permissions?role=guest");
  const flag = page.getByRole("switch", { name: "Read: vacancies" });
  await expect(flag).toBeChecked();
  await flag.click({ force: true });
  await expect(flag).not.toBeChecked();
  await expect(notice(page, "Permission updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Read: vacancies" })).not.toBeChecked();
  await page.getByRole("switch", { name: "Read: vacancies" }).click({ force: true });
  await expect(page.getByRole("switch", { name: "Read: vacancies" })).toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Read: vacancies" })).toBeChecked();
});

test("admin: ranks use their own notices", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/ranks/new");
  const dialog = page.getByRole("dialog");
  const title = `Cadet ${Date.now()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("combobox", { name: /^Department/ }).click();
  await page.getByRole("option", { name: "Deck" }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "The rank has successfully created")).toBeVisible();
  await page.getByLabel("Search ranks").fill(title);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(notice(page, "The rank has successfully deleted")).toBeVisible();
});
