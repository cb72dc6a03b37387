import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/** The local Equasis stand-in takes any email and this password (see fleet-registry.e2e.ts). */
const STAND_IN_PASSWORD = "Equasis-Demo-1";
const CORAL_EAGLE = "9441116";
const LOGIN_WRONG = "Updating failed. Equasis login or password is wrong.";

// fleet-registry.e2e.ts saves the admin's account on the way: leave the admin without one again.
test.afterEach(async ({ request }) => {
  const admin = await planningApi(request, "admin@example.com");
  const forgotten = await admin.call("patch", "/clients/me", { equasis_email: null, equasis_password: null });
  expect(forgotten.status, JSON.stringify(forgotten.body)).toBe(200);
});

test("Equasis search: a slow search says what it does, a wrong password is one message, the right one runs the search again", async ({
  page,
  request,
}) => {
  // Start from a saved account with a wrong password, whatever other tests saved before.
  const admin = await planningApi(request, "admin@example.com");
  const saved = await admin.call("patch", "/clients/me", {
    equasis_email: "admin@example.com",
    equasis_password: "not-my-password",
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  await signIn(page, "admin@example.com");
  await page.goto("/vessels");
  await page.getByRole("button", { name: "Registry" }).click();
  await page.getByRole("menuitem", { name: "Search by IMO" }).click();
  const dialog = page.getByRole("dialog", { name: "Search the vessel registry" });
  await dialog.getByLabel("IMO number").fill(CORAL_EAGLE);
  // Equasis is slow at times: hold the answer back and look at what the dialog says meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/equasis_vessel_search**", async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByTestId("registry-searching")).toContainText(
    `Signing in to Equasis and looking up IMO ${CORAL_EAGLE}`,
  );
  await shoot(page, "registry-searching", { fullPage: false });
  release();
  await expect(dialog.getByText(LOGIN_WRONG)).toBeVisible();
  await page.unroute("**/api/equasis_vessel_search**");
  await expect(dialog.getByTestId("registry-searching")).toHaveCount(0);

  // Another wrong password: one message, on the password field; no green "saved" beside it.
  await dialog.getByRole("button", { name: "Change the saved Equasis account" }).click();
  await dialog.getByLabel("Equasis password").fill("still-not-it");
  await dialog.getByRole("button", { name: "Save account" }).click();
  await expect(dialog.getByLabel("Equasis password")).toHaveAccessibleDescription(LOGIN_WRONG);
  await expect(dialog.getByText(LOGIN_WRONG)).toHaveCount(1);
  await expect(dialog.getByText("Equasis refused the login")).toHaveCount(0);
  await expect(notice(page, "Equasis account saved successfully")).toHaveCount(0);
  await shoot(page, "registry-login-wrong", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "registry-login-wrong", { fullPage: false });
  await page.setViewportSize(WIDE);

  // The right one: saved, and the search runs again by itself.
  await dialog.getByLabel("Equasis password").fill(STAND_IN_PASSWORD);
  await dialog.getByRole("button", { name: "Save account" }).click();
  await expect(dialog.getByRole("heading", { name: "CORAL EAGLE" })).toBeVisible();
  await expect(notice(page, "Equasis account saved successfully")).toBeVisible();
  await expect(dialog.getByText(LOGIN_WRONG)).toHaveCount(0);
});
