/**
 * `pnpm fuzz`: the full fuzz run (default 10,000 requests) against the real app on a database
 * of its own: an embedded PGlite in memory, or a fresh database on the PostgreSQL server
 * DATABASE_URL names (dropped afterwards). Prints requests sent, answers by status and every
 * failure with its request and answer; exits 1 when anything failed.
 *
 *   pnpm fuzz [--requests N] [--seed N]
 */
import { parseArgs } from "node:util";
import { closeClient } from "./http-client.js";
import { formatReport, runFuzz } from "./run.js";
import { startFuzzTarget } from "./target.js";

const main = async () => {
  const { values } = parseArgs({
    // `pnpm fuzz -- --seed 1` passes the separator through.
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      requests: { type: "string", default: "10000" },
      seed: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(
      "pnpm fuzz [--requests N (default 10000)] [--seed N (default: random, printed)]\nDATABASE_URL=postgresql://… fuzzes on a fresh database of that server; unset: embedded PGlite.",
    );
    return;
  }
  const requests = Number(values.requests);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 1_000_000) : Number(values.seed);
  if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed))
    throw new Error("--requests and --seed take whole numbers");
  const target = await startFuzzTarget(process.env.DATABASE_URL);
  console.log(
    `Fuzzing the API on ${target.database.label}, ${requests} requests, seed ${seed} (replay: pnpm fuzz --seed ${seed} --requests ${requests})`,
  );
  try {
    const report = await runFuzz(target, {
      requests,
      seed,
      progressEvery: 1000,
      onProgress: (sent, r) => console.log(`  ${sent} sent, ${r.failures.length} failures`),
    });
    console.log(formatReport(report, target.database.label));
    process.exitCode = report.failures.length || !report.healthy ? 1 : 0;
  } finally {
    closeClient();
    await target.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
