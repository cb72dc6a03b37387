import { expect, test, type Page } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/**
 * The vessel registry in Chromium: the real Equasis client of the API talks to the local
 * stand-in the server starts for demos and tests (EQUASIS_STAND_IN; any email, this password).
 */
const STAND_IN_PASSWORD = "Equasis-Demo-1";
/** Ships the stand-in registry knows and the demo fleet does not. */
const CORAL_EAGLE = "9441116";
const TWENTY = [
  "9980095",
  "9888936",
  "9626912",
  "9544554",
  "9810563",
  "9285744",
  "9859765",
  "9328869",
  "9622514",
  "9368314",
  "9811763",
  "9488138",
  "9295684",
  "9334492",
  "9713569",
  "9285653",
  "9867669",
  "9628738",
  "9857767",
  "9595462",
];

const clearNotices = async (page: Page) => {
  // Notices close by themselves after 5 s: wait for them rather than click moving targets.
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0, { timeout: 12_000 });
};

const openRegistry = async (page: Page, item: "Search by IMO" | "Import IMO numbers") => {
  await page.getByRole("button", { name: "Registry" }).click();
  await page.getByRole("menuitem", { name: item }).click();
};

test("superuser: registry search by IMO (account saved on the way), a wrong password in the spec's words, a vessel created from it and refreshed", async ({
  page,
}) => {
  await signIn(page, "superuser@example.com");
  await page.goto("/vessels");
  await openRegistry(page, "Search by IMO");
  const dialog = page.getByRole("dialog", { name: "Search the vessel registry" });
  // A wrong check digit is refused before anything is sent.
  await dialog.getByLabel("IMO number").fill("9441117");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByText("IMO has a wrong check digit")).toBeVisible();

  await dialog.getByLabel("IMO number").fill(CORAL_EAGLE);
  await dialog.getByRole("button", { name: "Search" }).click();
  // No Equasis password saved yet: the dialog asks for the account and saves it in the profile.
  await expect(dialog.getByText("Your Equasis account")).toBeVisible();
  await dialog.getByLabel("Equasis password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Save account" }).click();
  // The search runs again with it; Equasis refuses: one message, on the password field.
  await expect(dialog.getByLabel("Equasis password")).toHaveAccessibleDescription(
    "Updating failed. Equasis login or password is wrong.",
  );
  await dialog.getByLabel("Equasis password").fill(STAND_IN_PASSWORD);
  await dialog.getByRole("button", { name: "Save account" }).click();
  await expect(dialog.getByRole("heading", { name: "CORAL EAGLE" })).toBeVisible();
  await expect(dialog.getByText("Kyma Navigation Inc")).toBeVisible();
  await clearNotices(page);
  await shoot(page, "registry-search", { fullPage: false });

  // Abort clears term, data and errors: the dialog opens empty again.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await openRegistry(page, "Search by IMO");
  await expect(dialog.getByLabel("IMO number")).toHaveValue("");
  await expect(dialog.getByRole("heading", { name: "CORAL EAGLE" })).toHaveCount(0);
  await dialog.getByLabel("IMO number").fill(CORAL_EAGLE);
  await dialog.getByRole("button", { name: "Search" }).click();
  const create = dialog.getByRole("button", { name: "Create vessel" });
  const open = dialog.getByRole("link", { name: /Open the vessel/ });
  await expect(create.or(open)).toBeVisible();
  if (await create.count()) {
    await create.click();
    await expect(notice(page, "Vessel created successfully!")).toBeVisible();
  } else {
    await open.click();
  }
  await expect(page).toHaveURL(/\/vessels\/\d+\/details$/);
  await expect(page.getByRole("heading", { name: "CORAL EAGLE" })).toBeVisible();
  await expect(page.getByText("Liberia")).toBeVisible();

  await page.getByRole("button", { name: "Update from registry" }).click();
  await expect(notice(page, "Vessel updated successfully")).toBeVisible();
});

test("admin: a bulk import of 20 IMOs shows its progress to the end, then what was created, updated and failed", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");
  await page.goto("/vessels");
  await openRegistry(page, "Import IMO numbers");
  const dialog = page.getByRole("dialog", { name: "Import vessels from the registry" });
  await dialog
    .getByLabel("IMO numbers")
    .fill([...TWENTY.slice(0, 10), TWENTY.slice(10).join(", "), "12345"].join("\n"));
  await expect(dialog.getByText("21 entries")).toBeVisible();
  await dialog.getByRole("button", { name: "Add IMOs to parse" }).click();
  // The admin has no Equasis account saved yet: saved here, then the IMOs go. The form says
  // "saved" only once the IMOs went with it (held back here to look at the moment between).
  await dialog.getByLabel("Equasis password").fill(STAND_IN_PASSWORD);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/vessels/bulk_parse**", async (route) => {
    await held;
    await route.continue();
  });
  const queued = page.waitForRequest("**/api/vessels/bulk_parse**");
  await dialog.getByRole("button", { name: "Save account" }).click();
  await queued;
  await expect(dialog.getByRole("button", { name: "Save account" })).toBeVisible();
  await expect(notice(page, "Equasis account saved successfully")).toHaveCount(0);
  release();
  await expect(notice(page, "IMOs added to parse successfully")).toBeVisible();
  await expect(notice(page, "Equasis account saved successfully")).toBeVisible();
  await page.unroute("**/api/vessels/bulk_parse**");
  await expect(dialog.getByText("12345: must be seven digits")).toBeVisible();
  await expect(dialog.getByText(/Fetching from the registry: \d+ of 20/)).toBeVisible();
  await clearNotices(page);
  await shoot(page, "registry-import-progress", { fullPage: false });
  await expect(dialog.getByText("The import is finished")).toBeVisible({ timeout: 90_000 });
  const created = Number(await dialog.getByTestId("import-created").innerText());
  const updated = Number(await dialog.getByTestId("import-updated").innerText());
  expect(created + updated).toBe(20);
  await expect(dialog.getByTestId("import-failed")).toHaveText("0");
  await expect(dialog.getByRole("table", { name: "Import results" }).getByRole("row")).toHaveCount(21);
  await shoot(page, "registry-import-done", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "registry-import-done", { fullPage: false });
  await page.setViewportSize(WIDE);

  // The new vessels are prospects: the Prospect filter shows them.
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.goto("/vessels?filter[is_selected]=true&search=ATLANTIC%20ENDEAVOUR");
  const row = page.getByRole("row", { name: /ATLANTIC ENDEAVOUR/ });
  await expect(row.getByRole("link", { name: "ATLANTIC ENDEAVOUR", exact: true })).toBeVisible();
  await expect(row.getByText("Prospect", { exact: true })).toBeVisible();
});
