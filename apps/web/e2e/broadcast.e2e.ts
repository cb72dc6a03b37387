import { expect, test, type Page } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

type TRow = { id: string; attributes: Record<string, unknown>; relationships?: Record<string, unknown> };

/** Notices close by themselves after 5 s: a screenshot waits for them. */
const clearNotices = async (page: Page) =>
  expect(page.locator(".mantine-Notification-root")).toHaveCount(0, { timeout: 15_000 });

const pickTag = async (page: Page, tag: string) => {
  const box = page.getByRole("dialog").getByRole("combobox", { name: "Tag" });
  await box.click();
  await box.fill(tag);
  await page.getByRole("option", { name: tag }).click();
};

/**
 * "Message a tag" on the applicant list (issue 19 §1), against the real API, its jobs and the
 * Bot API stand-in the e2e server runs: a tag of two linked demo seafarers and one without
 * Telegram, the count, Back sends nothing, the confirmed send, its progress to the summary
 * (seen again after closing), and the messages in each seafarer's chat as sent, answered by
 * the stand-in's seafarers.
 */
test("manager: messages a small tag on Telegram, with the count first and the progress to the end", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await planningApi(request);
  // Two demo seafarers with linked Telegram (the demo chats' seafarers), one without.
  const chats = await api.call("get", "/chat_messages?page[size]=100&sort=-created_at");
  expect(chats.status).toBe(200);
  const linked = [
    ...new Set(
      (chats.body.data as TRow[]).map(
        (m) => (m.relationships?.user as { data?: { id?: string } } | undefined)?.data?.id ?? "",
      ),
    ),
  ]
    .filter(Boolean)
    .slice(0, 2);
  expect(linked).toHaveLength(2);
  const unlinked = await api.applicant("Notelegram", "Ivan");
  const tag = `Broadcast ${Date.now().toString(36)}`;
  const tagging = await api.call(
    "get",
    `/users/assign_tag?tag=${encodeURIComponent(tag)}&userId=${[...linked, unlinked].join(",")}`,
  );
  expect(tagging.status, JSON.stringify(tagging.body)).toBeLessThan(300);
  const taggingId = (tagging.body.data as { id: string }).id;
  await expect
    .poll(async () => {
      const task = await api.call("get", `/background_tasks/${taggingId}`);
      return (task.body.data as TRow | undefined)?.attributes.status;
    })
    .toBe("done");

  await signIn(page, "manager@example.com");
  await page.goto("/users");
  await page.getByRole("button", { name: "Message a tag" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Pick a tag to see who will get it.")).toBeVisible();
  await pickTag(page, tag);
  const text = `Vacancy: 2nd Officer, bulk carrier, joining in Santos in March. Interested? (${Date.now()})`;
  await dialog.getByRole("textbox", { name: "Message" }).fill(text);
  await expect(dialog.getByTestId("broadcast-count")).toHaveText(
    "2 seafarers will get it (1 of the tag has no Telegram link and will not).",
  );
  await clearNotices(page);
  await shoot(page, "broadcast-write", { fullPage: false });

  // Review, then Back: nothing was sent.
  await dialog.getByRole("button", { name: "Review" }).click();
  await expect(dialog.getByText(text)).toBeVisible();
  await shoot(page, "broadcast-review", { fullPage: false });
  await dialog.getByRole("button", { name: "Back" }).click();
  for (const id of linked) {
    const mine = await api.call("get", `/users/${id}/chat_messages?page[size]=20&sort=-created_at`);
    expect((mine.body.data as TRow[]).some((m) => m.attributes.body === text)).toBe(false);
  }

  // Confirmed: the progress, which goes on when the dialog closes and shows again.
  await dialog.getByRole("button", { name: "Review" }).click();
  await dialog.getByRole("button", { name: "Send to 2 seafarers" }).click();
  await expect(page.getByTestId("broadcast-progress")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Message a tag" }).click();
  const summary = page.getByTestId("broadcast-summary");
  await expect(summary).toHaveText(/Sent to 2 seafarers of 2\./, { timeout: 30_000 });
  await expect(page.getByTestId("broadcast-counts")).toContainText("2 sent");
  await expect(page.getByTestId("broadcast-counts")).toContainText("0 failed");
  await clearNotices(page);
  await shoot(page, "broadcast-done", { fullPage: false });

  // Each linked seafarer's chat holds the message as sent; the stand-in's seafarer answered it.
  for (const id of linked) {
    await expect
      .poll(async () => {
        const mine = await api.call("get", `/users/${id}/chat_messages?page[size]=20&sort=-created_at`);
        const rows = mine.body.data as TRow[];
        const out = rows.find((m) => m.attributes.body === text && m.attributes.direction === "out");
        const answer = rows.find(
          (m) => m.attributes.direction === "in" && String(m.attributes.body).includes(text.slice(0, 30)),
        );
        return [out?.attributes.status, answer ? "answered" : "no answer"];
      })
      .toEqual(["sent", "answered"]);
  }
  const none = await api.call("get", `/users/${unlinked}/chat_messages`);
  expect(none.body.data).toEqual([]);

  // On a phone: the list's header keeps the action as an icon, the dialog takes the screen; a
  // new message dropped with Cancel (it asks first) sends nothing.
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await page.setViewportSize(PHONE);
  await clearNotices(page);
  await shoot(page, "broadcast-list", { fullPage: false });
  await page.getByRole("button", { name: "Message a tag" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "New message" }).click();
  await pickTag(page, tag);
  await page.getByRole("dialog").getByRole("textbox", { name: "Message" }).fill("Who is free in April?");
  await expect(page.getByTestId("broadcast-count")).toContainText("2 seafarers will get it");
  await shoot(page, "broadcast-write", { fullPage: false });
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  for (const id of linked) {
    const mine = await api.call("get", `/users/${id}/chat_messages?page[size]=20&sort=-created_at`);
    const bodies = (mine.body.data as TRow[]).map((m) => m.attributes.body);
    expect(bodies).not.toContain("Who is free in April?");
  }
  await page.setViewportSize(WIDE);
});
