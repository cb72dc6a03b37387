import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeClient } from "./http-client.js";
import { formatReport, runFuzz } from "./run.js";
import { startFuzzTarget, type TFuzzTarget } from "./target.js";

/**
 * The generated fuzzer, a sample of it (`pnpm fuzz` sends 10,000+): every route of every
 * resource in the contracts, each category of hostile input, as admin, as a role the route
 * denies, without a session and with forged credentials, on a database of its own. A random
 * seed each run widens the net; a failure prints it with the command that replays it.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 1_000_000));

let target: TFuzzTarget;
beforeAll(async () => {
  target = await startFuzzTarget(
    process.env.TEST_DB_KIND === "postgres"
      ? (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL)
      : undefined,
  );
}, 120_000);
afterAll(async () => {
  closeClient();
  await target?.stop();
});

describe("fuzzer", () => {
  it(`${REQUESTS} hostile requests: no 5xx, JSON:API errors with allowed statuses, 422s with pointers, row counts unchanged after refusals, still healthy`, async () => {
    const report = await runFuzz(target, { requests: REQUESTS, seed: SEED });
    const text = formatReport(
      report,
      `${target.database.label}, seed ${SEED}; replay: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}, or pnpm fuzz --seed ${SEED}`,
    );
    expect(report.sent).toBe(REQUESTS);
    // Every category reached the server and refusals were counted.
    expect(Object.keys(report.byCategory).length).toBeGreaterThanOrEqual(14);
    expect(report.countChecks).toBeGreaterThan(REQUESTS / 4);
    expect(report.failures, text).toEqual([]);
    expect(report.healthy, text).toBe(true);
  }, 300_000);
});
