import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

interface TUserRow {
  id: string;
  attributes: { name?: string; surname?: string; telegram_bot?: boolean };
}

/**
 * Sending a survey and reading its results (docs/tasks.md "Sending a survey"), against the real
 * API and its Telegram stand-in: one demo seafarer gets it on Telegram, another's link is passed
 * on and opened in a fresh browser (no account) on a phone, and the answer shows in the results.
 */
test("admin: sends a survey, a seafarer answers on a phone, the results and the xlsx show it", async ({
  page,
  browser,
  request,
}) => {
  const api = await planningApi(request);
  const tag = Date.now().toString(36);
  const made = await api.call("post", "/survey_schemas", {
    data: {
      type: "survey_schemas",
      attributes: {
        title: `Vessel appraisal ${tag}`,
        definition: {
          title: `Vessel appraisal ${tag}`,
          description: "About your last contract.",
          questions: [
            { id: "food", kind: "rating", title: "How was the food?", required: true, scale: 5 },
            {
              id: "again",
              kind: "single",
              title: "Would you sail with us again?",
              options: ["Yes", "Maybe", "No"],
            },
            { id: "note", kind: "text", title: "Anything else?", multiline: true },
          ],
        },
      },
    },
  });
  expect(made.status).toBe(201);
  const surveyId = String((made.body.data as { id: string }).id);

  // A demo seafarer linked to Telegram and one who is not.
  const users = await api.call("get", "/users?page[size]=100&sort=id");
  const rows = users.body.data as TUserRow[];
  const linked = rows.find((u) => u.attributes.telegram_bot === true);
  const plain = rows.find((u) => u.attributes.telegram_bot === false && u.attributes.surname);
  expect(linked && plain).toBeTruthy();

  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto(`/survey-creator?survey=${surveyId}`);
  await page.getByRole("button", { name: "Send…" }).click();
  const dialog = page.getByRole("dialog");
  const picker = dialog.getByRole("combobox", { name: "Seafarers" });
  for (const u of [linked!, plain!]) {
    await picker.fill(String(u.attributes.surname));
    await page
      .getByRole("option")
      .filter({ hasText: String(u.attributes.surname) })
      .first()
      .click();
  }
  // The picker's list stays open after a pick (to pick more); a click on the title closes it.
  await dialog.getByRole("heading", { name: /^Send “/ }).click();
  await dialog.getByRole("button", { name: "Send to 2 seafarers" }).click();
  const sent = page.getByTestId("survey-sent");
  await expect(sent).toContainText("1 sent on Telegram, 1 links to pass on");
  const url = (await sent.getByTestId("survey-link").innerText()).trim();
  expect(url).toMatch(/\/survey\/[A-Za-z0-9_-]{43}$/);
  await shoot(page, "survey-send");
  await dialog.getByRole("button", { name: "Done" }).click();

  // The seafarer opens the link with no account, on a phone.
  const phone = await browser.newContext({ viewport: PHONE });
  const form = await phone.newPage();
  await form.goto(url);
  await expect(form.getByRole("heading", { name: `Vessel appraisal ${tag}` })).toBeVisible();
  // Sent without the required rating: refused, the question marked.
  await form.getByLabel("Maybe").check();
  await form.getByRole("button", { name: "Send answers" }).click();
  await expect(form.locator("#q-food")).toContainText("Please answer");
  await expect(form.getByLabel("Maybe")).toBeChecked();
  await shoot(form, "survey-form-refused");
  await form.locator('input[name="food"][value="4"]').check();
  await form.getByLabel("Anything else?").fill("Good crew, slow internet.");
  await form.getByRole("button", { name: "Send answers" }).click();
  await expect(form.getByRole("heading", { name: "Thank you" })).toBeVisible();
  await shoot(form, "survey-form-thanks");
  // The link takes one set of answers.
  await form.goto(url);
  await expect(form.getByRole("heading", { name: "Already answered" })).toBeVisible();
  await phone.close();

  // The results: answered by one of two, the counts and the text answer.
  await page.getByRole("radiogroup", { name: "Survey view" }).getByText("Results", { exact: true }).click();
  await expect(page).toHaveURL(/view=results/);
  const results = page.getByTestId("survey-results");
  await expect(results).toContainText("answered by 1");
  await expect(page.getByTestId("result-food")).toContainText("Average 4");
  await expect(page.getByTestId("result-again")).toContainText("Maybe");
  await expect(page.getByTestId("result-note")).toContainText("Good crew, slow internet.");
  await shoot(page, "survey-results");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download xlsx" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Vessel appraisal ${tag} results.xlsx`);
  const path = await file.path();
  expect(path).toBeTruthy();
  if (process.env.SURVEY_XLSX_OUT) {
    writeFileSync(process.env.SURVEY_XLSX_OUT, readFileSync(path));
  }

  await page.setViewportSize(PHONE);
  await shoot(page, "survey-results", { fullPage: false });
});
