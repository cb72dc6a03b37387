import { expect, test, type Page } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { signIn } from "./support/session";

/** Issue 22 points 5 and 6, issue 15 point 5: the planner's tab, a bar for every role, reference data in one menu. */
const sections = (page: Page) => page.getByRole("navigation", { name: "Sections" });
const tab = (page: Page, name: string) => sections(page).getByRole("link", { name, exact: true });
/** The bar's tabs and menus in order (the scroller's arrows have no text). */
const entries = async (page: Page) => {
  await expect(tab(page, "Vessels")).toBeVisible();
  return (await sections(page).locator("a, button").allInnerTexts())
    .map((t) => t.trim())
    .filter((t) => t !== "");
};

test("admin: Timeplans is the second tab and selected on the planner and its dialogs", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/");
  const labels = await entries(page);
  expect(labels.slice(0, 3)).toEqual(["Vessels", "Timeplans", "Owners"]);
  await expect(tab(page, "Timeplans")).toHaveAttribute("aria-current", "page");

  await tab(page, "Vessels").click();
  await expect(page).toHaveURL(/\/vessels/);
  await expect(tab(page, "Vessels")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "Timeplans")).not.toHaveAttribute("aria-current", "page");

  await tab(page, "Timeplans").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(tab(page, "Timeplans")).toHaveAttribute("aria-current", "page");

  await page.goto("/timeplans/new");
  await expect(tab(page, "Timeplans")).toHaveAttribute("aria-current", "page");
});

test("admin: the reference lists share one 'Reference data' menu; the daily tabs keep the spec's order", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");
  await page.goto("/vessels");
  const shown = await entries(page);
  expect(shown).toEqual(
    [
      "Vessels",
      "Timeplans",
      "Owners",
      "Managers",
      "Crewing agents",
      "Crew users",
      "Ranks",
      "Crew changes",
      "Seafarers",
      "Vacancies",
      "Task manager",
      "Reference data",
      "Survey creator",
      "Permissions",
    ].filter((label) => shown.includes(label)),
  );
  expect(shown).toContain("Reference data");
  for (const reference of [
    "Engine types",
    "Vendor types",
    "Countries",
    "Ports",
    "Vessel types",
    "English test types",
  ]) {
    await expect(tab(page, reference)).toHaveCount(0);
  }

  await sections(page).getByRole("button", { name: "Reference data" }).click();
  const menu = page.getByRole("menu");
  for (const reference of [
    "Vessel types",
    "Engine types",
    "Vendor types",
    "Countries",
    "Ports",
    "English test types",
  ]) {
    await expect(menu.getByRole("menuitem", { name: reference, exact: true })).toBeVisible();
  }
  await shoot(page, "nav-reference-menu", { fullPage: false });
  await menu.getByRole("menuitem", { name: "Countries", exact: true }).click();
  await expect(page).toHaveURL(/\/countries/);
  await expect(page.getByRole("heading", { name: "Countries", level: 2 })).toBeVisible();
  // The menu's button says which list is open and is marked as the current place.
  const button = sections(page).getByRole("button", { name: "Reference data: Countries" });
  await expect(button).toHaveAttribute("data-active", "true");
  await shoot(page, "nav-reference-selected", { fullPage: false });
});

for (const email of ["partner_view@example.com", "partner@example.com"]) {
  test(`${email}: the bar shows even with a single tab, the current place selected`, async ({ page }) => {
    await signIn(page, email);
    await page.goto("/");
    await expect(sections(page)).toBeVisible();
    await expect(sections(page).locator("[aria-current='page']")).toHaveCount(1);
    await shoot(page, `nav-${email.split("@")[0]}`, { fullPage: false });
  });
}

for (const viewport of [WIDE, PHONE]) {
  test(`the bar at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "manager@example.com");
    await page.goto("/");
    await expect(tab(page, "Timeplans")).toHaveAttribute("aria-current", "page");
    await shoot(page, "nav-manager", { fullPage: false });
  });
}
