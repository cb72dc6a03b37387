import { expect, test } from "@playwright/test";
import { signIn, signOut } from "./support/session";

test("partner_view sees neither the admin tabs nor their pages by direct address", async ({ page }) => {
  await signIn(page, "partner_view@example.com");
  const nav = page.getByRole("navigation", { name: "Sections" });
  for (const tab of ["Crew users", "Ranks", "Vessel types", "Permissions"]) {
    await expect(nav.getByRole("link", { name: tab, exact: true })).toHaveCount(0);
  }
  for (const path of [
    "/crew-users",
    "/ranks",
    "/ranks/new",
    "/vessel-types",
    "/vessel-types/1/edit",
    "/permissions",
    "/crew-users/1/details",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: /Page not found|Access denied/ })).toBeVisible();
  }
  await signOut(page);
});
