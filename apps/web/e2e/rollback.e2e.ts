import { expect, test } from "@playwright/test";
import { notice, signIn } from "./support/session";

/** Optimistic screens put the old state back when the server refuses (forced here). */
const refuse = {
  status: 500,
  contentType: "application/vnd.api+json",
  body: JSON.stringify({
    errors: [{ status: "500", title: "Internal Server Error", detail: "Refused by the test" }],
  }),
};

test("a refused rank move puts the old order back", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/ranks");
  const titles = () => page.getByTestId("rank-row").locator("td[data-column=title]").allInnerTexts();
  await expect(page.getByTestId("rank-row").first()).toBeVisible();
  const before = await titles();
  await page.route("**/api/ranks/*", (route) =>
    route.request().method() === "PATCH" ? route.fulfill(refuse) : route.continue(),
  );

  await page.getByLabel(`Reorder ${before[1]}`).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect(notice(page, "500 Server Error")).toBeVisible();
  await expect.poll(titles).toEqual(before);
});

test("a refused permission switch flips back", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await page.goto("/permissions?role=manager");
  const flag = page.getByRole("switch", { name: "Read: vacancies" });
  await expect(flag).toBeChecked();
  await page.route("**/api/permissions/*", (route) =>
    route.request().method() === "PATCH" ? route.fulfill(refuse) : route.continue(),
  );
  await flag.click({ force: true });
  await expect(notice(page, "500 Server Error")).toBeVisible();
  await expect(flag).toBeChecked();
});
