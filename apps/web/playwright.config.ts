import { defineConfig } from "@playwright/test";
import { execFileSync } from "node:child_process";

/**
 * End-to-end tests: Debian's Chromium (browsers are never downloaded here) against the
 * built app served by the real API on its own port, with a database of its own (see
 * e2e/support/start-server.mjs). E2E_BASE_URL points the tests at a server started by hand.
 */
const env = process.env;

/**
 * 3100 when free, else any free port. Decided once in the runner and handed to its workers
 * through the environment (they load this file again and must agree on the address).
 */
const pickPort = (): string =>
  execFileSync(process.execPath, [
    "-e",
    `const net = require("node:net");
     const out = (s) => { process.stdout.write(String(s.address().port)); s.close(); };
     const s = net.createServer();
     s.once("error", () => { const t = net.createServer(); t.listen(0, () => out(t)); });
     s.listen(3100, () => out(s));`,
  ]).toString();
if (!env.E2E_PORT && !env.E2E_BASE_URL) env.E2E_PORT = pickPort();
const PORT = Number(env.E2E_PORT ?? 3100);
const BASE_URL = env.E2E_BASE_URL ?? `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.e2e\.ts$/,
  outputDir: "test-results",
  // One shared database: flows run one after another so each sees what it expects.
  workers: 1,
  fullyParallel: false,
  retries: env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
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
  projects: [{ name: "chromium" }],
  webServer: env.E2E_BASE_URL
    ? undefined
    : {
        command: "node e2e/support/start-server.mjs",
        // Ready once the demo is written (a first start answers at once and fills it behind: /api/ready is 503 until then).
        url: `${BASE_URL}/api/ready`,
        // A server already on the port is somebody else's (other data): fail instead of using it.
        reuseExistingServer: false,
        timeout: 300_000,
        stdout: "pipe",
        stderr: "pipe",
        env: { PORT: String(PORT) },
      },
});
