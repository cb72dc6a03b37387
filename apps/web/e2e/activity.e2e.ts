import { expect, test } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

test("manager: the Activity tab tells an applicant's changes and plans, newest first, by kind", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const stamp = Date.now();
  const { rows } = await api.vesselWithRows(`MV Activity ${stamp}`, ["Master"]);
  // Surnames hold letters only: the stamp's digits as letters.
  const letters = String(stamp).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  const userId = await api.applicant(`Timeline${letters}`, "Oleg");
  const changed = await api.call("patch", `/users/${userId}`, {
    data: { type: "users", id: userId, attributes: { readiness_date: dayFromToday(20), hot: true } },
  });
  expect(changed.status).toBe(200);
  const planId = await api.plan(rows[0] ?? "", dayFromToday(30), dayFromToday(150), userId);
  const moved = await api.call("patch", `/time_plans/${planId}`, {
    data: { type: "time_plans", id: planId, attributes: { start: dayFromToday(35) } },
  });
  expect(moved.status).toBe(200);

  await signIn(page, "manager@example.com");
  await page.goto(`/users/${userId}/details`);
  await page.getByRole("tab", { name: "Activity" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${userId}/activity$`));
  const items = page.getByTestId("activity-item");
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText(`Plan on MV Activity ${stamp} as Master changed`);
  await expect(items.nth(1)).toContainText(`Planned on MV Activity ${stamp} as Master`);
  await expect(items.nth(2)).toContainText("Hot: no → yes");
  await expect(items.nth(2)).toContainText("Anna Admin");
  await expect(items.nth(3)).toContainText("Added to the database");

  await page.getByRole("group", { name: "Kind of activity" }).getByText("Plans", { exact: true }).click();
  await expect(page).toHaveURL(/\?kind=plan$/);
  await expect(items).toHaveCount(2);
  await shoot(page, "activity-plans");
  // A reload keeps the chosen kind.
  await page.reload();
  await expect(items).toHaveCount(2);
  await page.getByRole("group", { name: "Kind of activity" }).getByText("All", { exact: true }).click();
  await expect(items).toHaveCount(4);
  await shoot(page, "activity");
  await page.setViewportSize(PHONE);
  await expect(items.first()).toBeVisible();
  await shoot(page, "activity");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
});

test("guest: My profile switches notification kinds off and they stay off", async ({ page }) => {
  await signIn(page, "guest@example.com");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const mentions = page.getByRole("switch", { name: /Mentions/ });
  await expect(mentions).toBeChecked();
  await mentions.click();
  await expect(notice(page, "Notification settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Mentions/ })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: /Comments on my seafarers/ })).toBeChecked();
  await shoot(page, "profile");
  await page.setViewportSize(PHONE);
  await shoot(page, "profile");
  // Back as it was for the other flows.
  await page.getByRole("switch", { name: /Mentions/ }).click();
  await expect(page.getByRole("switch", { name: /Mentions/ })).toBeChecked();
});
