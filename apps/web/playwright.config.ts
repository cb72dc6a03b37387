import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests against the built SPA served by the real API (one origin, as in
 * production). The API starts on its own port with its own data folder and the demo
 * seed; with DATABASE_URL set (CI) it uses that PostgreSQL database instead of PGlite.
 * Browsers are not downloaded here: Debian's Chromium is used.
 */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const PORT = Number(env.E2E_PORT ?? 3210);
const BASE_URL = env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
const DATA_DIR = env.E2E_DATA_DIR ?? ".data/e2e";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // One shared database: tests run one after another.
  workers: 1,
  fullyParallel: false,
  retries: env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  projects: [
    { name: "desktop", grepInvert: /@phone-only/, use: { viewport: { width: 1440, height: 900 } } },
    // Phone-width checks are opt-in per test (tag '@phone') so the shared database sees each flow once.
    { name: "phone", grep: /@phone/, use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
  ],
  webServer: env.E2E_BASE_URL
    ? undefined
    : {
        // A fresh embedded database each run (ignored .data/ folder), unless DATABASE_URL names one.
        command: `rm -rf ${DATA_DIR} && node ../api/dist/main.js`,
        url: `${BASE_URL}/api/health`,
        reuseExistingServer: !env.CI,
        timeout: 180_000,
        stdout: "pipe",
        env: {
          PORT: String(PORT),
          DATA_DIR,
          SEED_DEMO: "true",
          LOG_LEVEL: "warn",
          SIGN_IN_RATE_LIMIT: "1000",
        },
      },
});
