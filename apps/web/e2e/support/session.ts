import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-Password-1";

/** Signs in through the login form and waits for the signed-in shell. */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD): Promise<void> => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
};

export const signOut = async (page: Page): Promise<void> => {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
};

/** A success or error notice with this text. */
export const notice = (page: Page, text: string | RegExp) =>
  page.locator(".mantine-Notification-root").filter({ hasText: text });
