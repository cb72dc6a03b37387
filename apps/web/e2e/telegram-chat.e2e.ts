import { expect, test, type Page } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

/** Notices (the demo's mention pop-ups) close by themselves after 5 s: a screenshot waits for them. */
const clearNotices = async (page: Page) =>
  expect(page.locator(".mantine-Notification-root")).toHaveCount(0, { timeout: 15_000 });

/**
 * The Telegram chat on the applicant's page (issue 19), against the real API and its Bot API
 * stand-in (started by the server as the Equasis one is): the demo seafarer answers what staff
 * write, and the answer appears by itself over the live channel.
 */
test("manager: chats with a demo seafarer on Telegram and sees the answer arrive", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const newest = await api.call("get", "/chat_messages?page[size]=1&sort=-created_at");
  expect(newest.status).toBe(200);
  const first = (newest.body.data as { relationships?: { user?: { data?: { id?: string } } } }[])[0];
  const userId = first?.relationships?.user?.data?.id ?? "";
  expect(userId).not.toBe("");

  await signIn(page, "manager@example.com");
  await page.goto(`/users/${userId}/details`);
  await page.getByRole("tab", { name: "Chat" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${userId}/chat$`));
  const messages = page.getByTestId("chat-message");
  await expect(messages.first()).toBeVisible();
  const before = await messages.count();
  expect(before).toBeGreaterThanOrEqual(2);

  const text = `Can you join MV Aurora on the 5th? (${Date.now()})`;
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  // Sent: the box is cleared, the message goes to the front and reaches Telegram.
  await expect(box).toHaveValue("");
  await expect(messages.first()).toContainText(text);
  // The stand-in seafarer answers; the answer comes over the live channel, newest first.
  const answer = messages.filter({ hasText: "Thank you, received" }).filter({ hasText: text.slice(0, 40) });
  await expect(answer).toHaveCount(1, { timeout: 20_000 });
  await expect(messages.first()).toHaveAttribute("data-direction", "in");
  await expect(messages.nth(1)).toContainText("Sent");
  await clearNotices(page);
  await shoot(page, "telegram-chat");

  // A one-time deep link for the seafarer.
  await page.getByRole("button", { name: "New Telegram link" }).click();
  await expect(page.getByTestId("telegram-link")).toContainText(
    /https:\/\/t\.me\/crew_demo_bot\?start=[A-Za-z0-9_-]{32}/,
  );

  await page.setViewportSize(PHONE);
  await expect(messages.first()).toBeVisible();
  await clearNotices(page);
  await shoot(page, "telegram-chat");
  await page.setViewportSize(WIDE);
});

test("manager: an applicant without Telegram is asked to send the link first", async ({ page, request }) => {
  const api = await planningApi(request);
  const userId = await api.applicant("Unlinkedsailor", "Taras");
  await signIn(page, "manager@example.com");
  await page.goto(`/users/${userId}/chat`);
  await expect(page.getByText("Not linked yet")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  await expect(page.getByText("No messages yet.")).toBeVisible();
});
