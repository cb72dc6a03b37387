import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { WIDE, shoot } from "./support/screenshot";
import { DEMO_PASSWORD, notice, signIn } from "./support/session";

/**
 * Notifications waiting at sign-in show as one notice that opens the panel, not a column of
 * pop-ups over the page; one that arrives afterwards pops up (docs/decisions.md).
 */
test("what waits at sign-in is one notice; a later mention pops up", async ({ page, request }) => {
  test.setTimeout(180_000);
  const letters = String(Date.now()).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  const admin = await planningApi(request);
  const email = `popups-${letters}@example.com`;
  const made = await admin.call("post", "/clients", {
    data: {
      type: "clients",
      attributes: { name: `Pia Popup ${letters}`, email, password: DEMO_PASSWORD, role: "manager" },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const clientId = (made.body.data as { id: string }).id;
  const seafarer = await admin.applicant(`Popup${letters}`, "Ivan");
  const mention = async (text: string) => {
    const created = await admin.call("post", "/comments", {
      data: {
        type: "comments",
        attributes: {
          body: `<p>${text} <span data-type="mention" data-id="${clientId}" data-label="Pia Popup">@Pia Popup</span></p>`,
          addressable_type: "users",
          addressable_id: Number(seafarer),
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  };
  for (const n of [1, 2, 3, 4]) await mention(`Waiting ${n}`);

  await page.setViewportSize(WIDE);
  await signIn(page, email);
  await page.goto("/users");
  const waiting = notice(page, "4 notifications waiting");
  await expect(waiting).toBeVisible({ timeout: 15_000 });
  await expect(notice(page, "mentioned you")).toHaveCount(0);
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(1);
  await shoot(page, "notifications-waiting-at-sign-in", { fullPage: false });

  // Its link opens the panel with them.
  await waiting.getByRole("button", { name: "Open the notifications panel" }).click();
  const panel = page.getByRole("dialog");
  await expect(panel.getByText(`Popup${letters}`).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // A mention that arrives now pops up on its own.
  await mention("Live one");
  await expect(notice(page, "mentioned you").filter({ hasText: `Popup${letters}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(notice(page, "notifications waiting")).toHaveCount(0);
});
