import { expect, test } from "@playwright/test";
import { signIn } from "./support/session";

/** Issue 22 point 8: a record that does not exist leads to the not-found page, never a loader for ever. */
const MISSING = [
  "/timeplans/999999/edit",
  "/timeplans/crew-rotation/crew-change/999999/edit",
  "/users/999999",
  "/users/999999/documents",
  "/users/999999/edit",
  "/users/141/documents/999999/edit",
  "/vessels/999999/details",
  "/vessels/999999/edit",
  "/owners/999999/details",
  "/ranks/999999/edit",
  "/countries/999999/delete",
  "/crew-changes/999999/details",
];

test("every missing record goes to the not-found page", async ({ page }) => {
  test.setTimeout(360_000);
  await signIn(page, "admin@example.com");
  for (const path of MISSING) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Page not found" }), path).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText("Loading…"), path).toHaveCount(0);
  }
});
