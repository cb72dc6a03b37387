import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { signIn } from "./support/session";

const unreadOf = (label: string | null): number => Number(/(\d+) unread/.exec(label ?? "")?.[1] ?? 0);

test("a colleague's mention raises the manager's badge in another browser without a reload", async ({
  page,
  request,
}) => {
  // The manager's browser: signed in, left alone on the seafarers list.
  await signIn(page, "manager@example.com");
  await page.goto("/users");
  const bell = page.getByTestId("notifications-button");
  // The demo gives the manager unread notifications: wait for the first count.
  await expect(bell).toHaveAttribute("aria-label", /unread/);
  const before = unreadOf(await bell.getAttribute("aria-label"));
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // The admin, elsewhere, mentions the manager in a comment on a seafarer.
  const admin = await planningApi(request);
  const staff = await admin.call("get", "/clients?filter[role]=manager&page[size]=999");
  const manager = (staff.body.data as { id: string; attributes: { email: string } }[]).find(
    (c) => c.attributes.email === "manager@example.com",
  );
  expect(manager).toBeDefined();
  const letters = String(Date.now()).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  const userId = await admin.applicant(`Mention${letters}`, "Ivan");
  const created = await admin.call("post", "/comments", {
    data: {
      type: "comments",
      attributes: {
        body: `<p>Please call him back <span data-type="mention" data-id="${manager?.id ?? ""}" data-label="Maria Manager">@Maria Manager</span></p>`,
        addressable_type: "users",
        addressable_id: Number(userId),
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  // Pushed over the live stream: well before the 60 s count refresh.
  await expect
    .poll(async () => unreadOf(await bell.getAttribute("aria-label")), { timeout: 10_000 })
    .toBe(before + 1);
  // The demo's own unshown mentions pop up on sign-in too: look for the pop-up of this comment.
  await expect(
    page
      .locator(".mantine-Notification-root")
      .filter({ hasText: "mentioned you" })
      .filter({ hasText: `Mention${letters}` }),
  ).toBeVisible();
  expect(reloaded, "the page was reloaded").toBe(false);
});
