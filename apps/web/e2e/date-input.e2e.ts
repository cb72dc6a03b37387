import { expect, test, type Locator } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/** Issue 22 point 10: dates as people type them are read, refused aloud when they are not dates, bounded as validation is. */
const typeInto = async (field: Locator, text: string) => {
  await field.fill("");
  await field.fill(text);
  await field.press("Tab");
};

test("the birthday reads the usual ways of typing a date and says when text is not one", async ({ page }) => {
  await signIn(page, "manager@example.com");
  await page.goto("/users/141/edit");
  const dialog = page.getByRole("dialog");
  const birthday = dialog.getByRole("textbox", { name: "Birthday" });
  // The date pickers load as their own chunk with the first date field.
  await expect(birthday).toBeVisible({ timeout: 60_000 });

  for (const typed of ["4.5.1990", "04.05.1990", "1990-05-04", "04051990"]) {
    await typeInto(birthday, typed);
    await expect(birthday, typed).toHaveValue("04.05.1990");
    await expect(dialog.getByText(/is not a date/)).toHaveCount(0);
  }

  await typeInto(birthday, "31.02.1990");
  await expect(dialog.getByText('"31.02.1990" is not a date: there is no such day')).toBeVisible();
  await shoot(page, "date-not-a-date", { fullPage: false });
  // The save is refused on the field: the previous birthday is not kept silently.
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/is not a date/)).toBeVisible();

  const nextYear = new Date().getFullYear() + 1;
  await typeInto(birthday, `01.01.${nextYear}`);
  await expect(dialog.getByText(`01.01.${nextYear} can't be in the future`)).toBeVisible();

  await typeInto(birthday, "4.5.1990");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(notice(page, /updated successfully/)).toBeVisible();
  await page.goto("/users/141/details");
  await expect(page.getByText("04.05.1990").first()).toBeVisible();
});

for (const viewport of [WIDE, PHONE]) {
  test(`an empty birthday's calendar opens decades back and offers no future day (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "manager@example.com");
    await page.goto("/users/new");
    const dialog = page.getByRole("dialog", { name: /New/ });
    const birthday = dialog.getByRole("textbox", { name: "Birthday" });
    await birthday.click();
    const back = String(new Date().getFullYear() - 30);
    const calendar = page
      .locator(".mantine-DateInput-dropdown, .mantine-Popover-dropdown")
      .filter({ hasText: back });
    await expect(calendar).toBeVisible();
    await shoot(page, "date-birthday-calendar", { fullPage: false });
    // Walk forward to this month: tomorrow (when in this month) cannot be picked.
    await birthday.fill("");
    await birthday.press("Escape");
  });
}

test("a birthday calendar refuses the future", async ({ page }) => {
  await signIn(page, "manager@example.com");
  await page.goto("/users/141/edit");
  const birthday = page.getByRole("dialog").getByRole("textbox", { name: "Birthday" });
  const today = new Date();
  const dd = String(today.getDate()).padStart(2, "0");
  const mm = String(today.getMonth() + 1).padStart(2, "0");
  await typeInto(birthday, `${dd}.${mm}.${today.getFullYear()}`);
  await birthday.click();
  // The calendar cannot go past this month, and no day after today can be picked.
  await expect(page.locator("button[data-direction='next']")).toBeDisabled();
  const daysLeft = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate() - today.getDate();
  const laterThisMonth = page.locator("button.mantine-DateInput-day:not([data-outside])[data-disabled]");
  const dayNumbers = (await laterThisMonth.allInnerTexts()).map(Number).filter((d) => d > today.getDate());
  expect(dayNumbers).toHaveLength(daysLeft);
});
