import { expect, test } from "@playwright/test";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

const unique = () => Math.random().toString(36).slice(2, 7);

test.describe.configure({ mode: "serial" });

test("a task with two subtasks cannot be finished until they are; then it is", async ({ page }) => {
  const tag = unique();
  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto("/task-manager");
  await expect(page.getByRole("heading", { name: "Task Manager" })).toBeVisible();

  await page.getByRole("button", { name: "New task" }).click();
  await page.getByLabel("Description").fill(`Prepare sign-on ${tag}`);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(notice(page, "The task created successfully")).toBeVisible();
  await expect(page.getByTestId("task-title")).toHaveText(`Prepare sign-on ${tag}`);

  for (const sub of [`Visa ${tag}`, `Ticket ${tag}`]) {
    await page.getByRole("button", { name: "Add subtask" }).click();
    await page.getByRole("dialog", { name: "New subtask" }).getByLabel("Description").fill(sub);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("subtasks").getByText(sub)).toBeVisible();
  }

  // Finishing with open subtasks is refused with the spec's notice.
  await page
    .getByRole("dialog")
    .locator("label")
    .filter({ hasText: /^Done$/ })
    .click();
  await expect(notice(page, "Check all conditions to finish task")).toBeVisible();
  await expect(notice(page, "Status update failed")).toBeVisible();

  for (const sub of [`Visa ${tag}`, `Ticket ${tag}`]) {
    await page.getByTestId("subtasks").getByLabel(sub).click();
    await expect(page.getByTestId("subtasks").getByLabel(sub)).toBeChecked();
  }
  await page
    .getByRole("dialog")
    .locator("label")
    .filter({ hasText: /^Done$/ })
    .click();
  await expect(notice(page, "Task status updated successfully").first()).toBeVisible();
  await expect(page.getByRole("radio", { name: "Done" })).toBeChecked();

  await page.getByTestId("task-comments").getByLabel("New comment").fill("All booked.");
  await page.getByTestId("task-comment-add").click();
  await expect(page.getByTestId("task-comments").getByText("All booked.")).toBeVisible();
  // Its author corrects it (within the edit window): only the text changes, marked edited.
  await page.getByTestId("task-comments").getByRole("button", { name: "Edit comment" }).click();
  const edit = page.getByRole("dialog", { name: "Edit comment" });
  await edit.getByLabel("Comment").fill("All booked, flights on Monday.");
  await edit.getByTestId("comment-edit-save").click();
  await expect(notice(page, "The comment updated successfully")).toBeVisible();
  await expect(page.getByTestId("task-comments").getByText("All booked, flights on Monday.")).toBeVisible();
  await expect(page.getByTestId("task-comments").getByTestId("comment-edited")).toBeVisible();
  await shoot(page, "task-drawer", { fullPage: false });

  await page.keyboard.press("Escape");
  await expect(page.getByTestId("column-done").getByText(`Prepare sign-on ${tag}`)).toBeVisible();
  await shoot(page, "task-board");
  await page.setViewportSize(PHONE);
  await shoot(page, "task-board", { fullPage: false });
});

test("build a survey of three questions and see the preview", async ({ page }) => {
  const tag = unique();
  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto("/survey-creator");
  await page.getByLabel("Survey title").fill(`Debrief ${tag}`);
  const add = async (kind: string) => {
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByRole("menuitem", { name: kind, exact: true }).click();
  };
  await add("Rating");
  await page.getByLabel("Question 1 text").fill("How was the food?");
  await add("Single choice");
  await page.getByLabel("Question 2 text").fill("Would you sail with us again?");
  await add("Yes / no");
  await page.getByLabel("Question 3 text").fill("Was the handover complete?");
  const preview = page.getByTestId("survey-preview");
  await expect(preview.getByText(`Debrief ${tag}`)).toBeVisible();
  await expect(preview.getByText("1. How was the food?")).toBeVisible();
  await expect(preview.getByRole("radio", { name: "Option 1" })).toBeVisible();
  await expect(preview.getByText("3. Was the handover complete?")).toBeVisible();
  // Reorder: the third question up one place, the preview follows.
  await page.getByRole("button", { name: "Move up" }).nth(2).click();
  await expect(preview.getByText("2. Was the handover complete?")).toBeVisible();
  await page.getByRole("button", { name: "Save survey" }).click();
  await expect(notice(page, "The survey created successfully")).toBeVisible();
  await shoot(page, "survey-creator");
  await page.setViewportSize(PHONE);
  await shoot(page, "survey-creator", { fullPage: false });
});
