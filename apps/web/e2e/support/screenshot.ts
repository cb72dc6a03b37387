import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Saves e2e/screenshots/<name>-<width>.png for people to look at: the whole page, or only
 * what is on screen for dialogs and for pages too tall to judge in one picture.
 */
export const shoot = async (page: Page, name: string, { fullPage = true } = {}): Promise<void> => {
  mkdirSync(DIR, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  // Let transitions (collapse, modal) settle so the picture shows the resting state.
  await page.waitForTimeout(350);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const whole = fullPage && height <= viewport.height * 2.5;
  await page.screenshot({
    path: join(DIR, `${name}-${viewport.width}.png`),
    fullPage: whole,
    animations: "disabled",
  });
};
