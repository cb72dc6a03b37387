import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

interface TCount {
  tag_id: number;
  tag: string;
  reach: number;
  on_telegram: number;
  without_telegram: number;
}

/**
 * Sending a survey to a demo tag (docs/tasks.md "Sending a survey to a tag"), against the real
 * API and its Telegram stand-in: the dialog shows the count, nothing is written before the
 * confirm, then the Telegram delivery's progress runs to its end and the other links show.
 */
test("admin: sends a survey to a demo tag, sees the count, confirms, and watches the delivery finish", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const stamp = Date.now().toString(36);
  const made = await api.call("post", "/survey_schemas", {
    data: {
      type: "survey_schemas",
      attributes: {
        title: `Sign-off debrief ${stamp}`,
        definition: {
          title: `Sign-off debrief ${stamp}`,
          questions: [{ id: "food", kind: "rating", title: "How was the food?", required: true, scale: 5 }],
        },
      },
    },
  });
  expect(made.status).toBe(201);
  const surveyId = String((made.body.data as { id: string }).id);
  const responses = async () => {
    const res = await api.call("get", `/survey_schemas/${surveyId}/survey_responses?page[size]=500`);
    return (res.body.data as unknown[]).length;
  };

  // The demo tag with the fewest seafarers that has some on Telegram and some without (the
  // count a 409 carries; nothing written).
  const tags = await api.call("get", "/tags?page[size]=100");
  const counts: TCount[] = [];
  for (const t of tags.body.data as { id: string }[]) {
    const res = await api.call("post", `/survey_schemas/${surveyId}/send_to_tag`, { tag_id: Number(t.id) });
    expect(res.status).toBe(409);
    counts.push((res.body.errors as { meta: TCount }[])[0]!.meta);
  }
  const tag = counts
    .filter((c) => c.on_telegram > 0 && c.without_telegram > 0)
    .sort((a, b) => a.reach - b.reach)[0];
  expect(tag, JSON.stringify(counts)).toBeTruthy();
  const { reach, on_telegram: onTelegram, without_telegram: without } = tag!;

  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto(`/survey-creator?survey=${surveyId}`);
  await page.getByRole("button", { name: "Send…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("A tag", { exact: true }).click();
  const picker = dialog.getByLabel("Tag", { exact: true });
  await picker.click();
  await picker.fill(tag!.tag);
  await page.getByRole("option", { name: tag!.tag, exact: true }).click();
  const counted = dialog.getByTestId("survey-tag-count");
  await expect(counted).toContainText(`${reach} seafarers, ${without} without Telegram`);
  const confirm = dialog.getByRole("button", { name: `Send to ${reach} seafarers` });
  await expect(confirm).toBeEnabled();
  await shoot(page, "survey-send-tag-count", { fullPage: false });
  // Nothing is written before the confirm.
  expect(await responses()).toBe(0);

  await confirm.click();
  const sent = dialog.getByTestId("survey-tag-sent");
  await expect(sent).toContainText(`${reach} links made for the tag “${tag!.tag}”`);
  await expect(dialog.getByTestId("survey-tag-progress")).toContainText(
    `Telegram delivery finished: ${onTelegram} sent, 0 failed.`,
    { timeout: 30_000 },
  );
  await expect(sent.getByTestId("survey-link")).toHaveCount(without);
  await shoot(page, "survey-send-tag-done", { fullPage: false });
  expect(await responses()).toBe(reach);

  // Again: everyone of the tag holds an open link now, so there is nobody to send to.
  await dialog.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Send…" }).click();
  await dialog.getByText("A tag", { exact: true }).click();
  await picker.click();
  await picker.fill(tag!.tag);
  await page.getByRole("option", { name: tag!.tag, exact: true }).click();
  await expect(counted).toContainText("Nobody to send to");
  await expect(counted).toContainText(`${reach} already hold an open link`);
  await expect(dialog.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await page.setViewportSize(PHONE);
  await shoot(page, "survey-send-tag-again", { fullPage: false });
});
