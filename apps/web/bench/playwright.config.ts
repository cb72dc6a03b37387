import { defineConfig } from "@playwright/test";

/**
 * `pnpm bench:planner`: the planner's speed in headless Chromium against a running server
 * with seeded data (BENCH_BASE_URL, default http://localhost:3000). Seed it first:
 *
 *   pnpm seed:scale --vessels 50 --manning-rows 1000 --timeplans 20000
 *
 * then start the app on that database (demo accounts: SEED_DEMO on its first start). The figures
 * are printed; docs/planner.md holds the last ones measured.
 */
export default defineConfig({
  testDir: ".",
  testMatch: /planner-speed\.spec\.ts$/,
  workers: 1,
  timeout: 600_000,
  reporter: [["list"]],
  use: {
    baseURL: process.env.BENCH_BASE_URL ?? "http://localhost:3000",
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium" }],
});
