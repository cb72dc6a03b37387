import { expect, test } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { signIn } from "./support/session";

/** Every screen at 1440 px and 390 px, saved for a person to look at; nothing may overflow. */
const SCREENS: { name: string; path: string; ready: string }[] = [
  { name: "vessel-types", path: "/vessel-types", ready: "Vessel types" },
  { name: "engine-types", path: "/engine-types", ready: "Engine types" },
  { name: "engine-manufacturers", path: "/engine-manufacturers", ready: "Engine manufacturers" },
  { name: "vendor-types", path: "/vendor-types", ready: "Vendor types" },
  { name: "vendors", path: "/vendors", ready: "Vendors" },
  { name: "certificate-types", path: "/certificate-types", ready: "Certificate types" },
  { name: "relation-types", path: "/relation-types", ready: "Relation types" },
  { name: "crewing-statuses", path: "/crewing-statuses", ready: "Crewing statuses" },
  { name: "countries", path: "/countries", ready: "Countries" },
  { name: "ports", path: "/ports", ready: "Ports" },
  { name: "main-engines", path: "/main-engines", ready: "Main engines" },
  { name: "applicant-contracts", path: "/applicant-contracts", ready: "Applicant contracts" },
  { name: "applicant-documents", path: "/applicant-documents", ready: "Applicant documents" },
  { name: "english-test-types", path: "/english-test-types", ready: "English test types" },
  { name: "ranks", path: "/ranks", ready: "Ranks" },
  { name: "crew-users", path: "/crew-users", ready: "Crew users" },
  { name: "permissions", path: "/permissions", ready: "Permissions" },
];

const noHorizontalOverflow = async (page: import("@playwright/test").Page) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
};

for (const viewport of [WIDE, PHONE]) {
  test(`screens at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, "admin@example.com");
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { level: 2, name: screen.ready, exact: true })).toBeVisible();
      await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
      await noHorizontalOverflow(page);
      await shoot(page, screen.name);
    }

    // Dialogs, details, filter and empty states of one generic list.
    await page.goto("/vessel-types/new");
    await expect(page.getByRole("dialog")).toBeVisible();
    await shoot(page, "form-new", { fullPage: false });
    await page.getByRole("dialog").getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Title can't be blank")).toBeVisible();
    await shoot(page, "form-invalid", { fullPage: false });

    await page.goto("/vessels-types-that-do-not-exist");
    await shoot(page, "not-found");

    await page.goto("/vessel-types");
    await page.getByRole("button", { name: "Filter" }).first().click();
    await shoot(page, "filter-open");
    await page.getByLabel("Search vessel types").fill("zzzz-no-such");
    await expect(page.getByText("Nothing matches")).toBeVisible();
    await shoot(page, "empty-filtered");

    await page.goto("/vendors");
    await page.getByRole("link", { name: /Edit / }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shoot(page, "form-edit-relationship", { fullPage: false });

    await page.goto("/crew-users");
    await page.getByRole("link").filter({ hasText: "Anna Admin" }).first().click();
    await expect(page.getByRole("heading", { name: "Anna Admin" })).toBeVisible();
    await shoot(page, "crew-user-details");

    await page.goto("/crew-users");
    await page.getByRole("button", { name: "Filter" }).first().click();
    await page.getByRole("combobox", { name: /^Role/ }).click();
    await shoot(page, "crew-users-filter", { fullPage: false });
    await page.keyboard.press("Escape");

    if (viewport === PHONE) {
      // Cards have no column headers: sorting moves into a menu.
      await page.goto("/ranks");
      await page.getByRole("button", { name: "Sort" }).click();
      await shoot(page, "sort-menu", { fullPage: false });
      await page.getByRole("menuitem", { name: "Title" }).click();
      await expect(page).toHaveURL(/sort=title/);
    }

    await page.goto("/ports");
    await page
      .getByRole("link", { name: /Delete / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shoot(page, "delete-confirm", { fullPage: false });
  });
}

/** Loading, failure and empty states, forced by answering the list request in the test. */
for (const viewport of [WIDE, PHONE]) {
  test(`list states at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "admin@example.com");

    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route("**/api/engine_types?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/engine-types");
    await expect(page.locator("[aria-busy='true']").first()).toBeVisible();
    await shoot(page, "state-loading");
    release();
    await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
    await page.unrouteAll({ behavior: "wait" });

    await page.route("**/api/certificate_types?*", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/vnd.api+json",
        body: JSON.stringify({
          data: [],
          links: { self: "", first: "", last: "", prev: null, next: null },
          meta: { count: 0, total: 0 },
        }),
      }),
    );
    await page.goto("/certificate-types");
    await expect(page.getByText("No certificate types yet")).toBeVisible();
    await shoot(page, "state-empty");
    await page.unrouteAll({ behavior: "wait" });

    await page.route("**/api/relation_types?*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/vnd.api+json",
        body: JSON.stringify({
          errors: [{ status: "500", title: "Internal Server Error", detail: "The database did not answer" }],
        }),
      }),
    );
    await page.goto("/relation-types");
    await expect(page.getByText("The list could not be loaded")).toBeVisible({ timeout: 30_000 });
    await shoot(page, "state-error");
  });
}
