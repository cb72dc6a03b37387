import { expect, test } from "@playwright/test";
import { signIn } from "./support/session";
import { shoot } from "./support/screenshot";

// Issue 17 §2: a planned seafarer's Docs dot is the owner's document matrix for the planned rank.
test("the applicants list rings the Docs dot of planned seafarers by the owner's matrix and names what falls short", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");
  // Planned seafarers first (the demo's owners each keep a current "<owner> fleet standard").
  await page.goto("/users?sort=date_planned");
  await expect(page.getByRole("heading", { name: "Seafarers" })).toBeVisible();
  const marks = page.locator("td[data-column='valid_state'] [data-matrix-mark]");
  await expect(marks.first()).toBeVisible();
  const first = marks.first();
  await expect(first).toHaveAttribute("aria-label", /^Documents for the planned rank: /);
  await first.hover();
  const tip = page.getByRole("tooltip");
  await expect(tip).toContainText("fleet standard");
  await expect(tip).toContainText(/ – /);
  await shoot(page, "applicants-matrix-mark", { fullPage: false });
  // The row's Planned vessel is the plan the mark speaks of.
  const label = (await tip.innerText()).split("\n")[0] ?? "";
  expect(label).toMatch(/ on [A-Z0-9 .-]+, \d\d\.\d\d\.\d{4}/);
});
