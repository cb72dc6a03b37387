import { defineConfig } from "vitest/config";

/**
 * The integration suite runs against the embedded PGlite always, and against a real
 * PostgreSQL too when TEST_DATABASE_URL (or DATABASE_URL) names one (CI): the same tests,
 * two projects. The embedded database is one session, so its files run one at a time.
 */
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const base = {
  include: ["test/**/*.test.ts"],
  globalSetup: ["test/support/global-setup.ts"],
  // Every answer a test receives is checked against the OpenAPI document.
  setupFiles: ["test/support/contract-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        extends: true as const,
        test: { ...base, name: "embedded", env: { TEST_DB_KIND: "embedded" }, fileParallelism: false },
      },
      ...(pgUrl
        ? [{ extends: true as const, test: { ...base, name: "postgres", env: { TEST_DB_KIND: "postgres" } } }]
        : []),
    ],
  },
});
