import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { TDb, TTx } from "../../src/db/client.js";
import { defineJob, handleJob } from "../../src/jobs/index.js";

/**
 * The fault tests' job. Each run records itself (key, process, attempt) in `fault_probe_runs`,
 * holds for `holdMs` (the window in which a test kills its worker), then does its one effect
 * idempotently: a row per key in `fault_probe_effects`, written once however often the job
 * runs, as every job here must be (docs/jobs.md).
 */
export const probeJob = defineJob({
  id: "fault-probe",
  version: 1,
  payload: z.object({
    key: z.string().min(1).max(100),
    holdMs: z.number().int().min(0).max(60_000).default(0),
  }),
  retry: { attempts: 3, backoffMs: 200 },
});

const probeRepository = (db: TTx) => ({
  ran: (key: string, attempt: number) =>
    db.$executeRaw`INSERT INTO fault_probe_runs (job_key, pid, attempt) VALUES (${key}, ${process.pid}, ${attempt})`,
  took: (key: string) =>
    db.$executeRaw`INSERT INTO fault_probe_effects (job_key, pid) VALUES (${key}, ${process.pid}) ON CONFLICT (job_key) DO NOTHING`,
});

export const probeHandler = handleJob(probeJob, async ({ key, holdMs }, ctx) => {
  const probes = ctx.repository(probeRepository);
  await probes.ran(key, ctx.attempt);
  if (holdMs) await sleep(holdMs);
  await probes.took(key);
});

/** The probe's tables, in the fault tests' own database. */
export const createProbeTables = async (db: TDb): Promise<void> => {
  await db.$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS fault_probe_runs (id serial PRIMARY KEY, job_key text NOT NULL, pid integer NOT NULL, attempt integer NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
  );
  await db.$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS fault_probe_effects (job_key text PRIMARY KEY, pid integer NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
  );
};

export const probeRuns = async (db: TDb, key: string): Promise<{ pid: number; attempt: number }[]> =>
  db.$queryRaw<
    { pid: number; attempt: number }[]
  >`SELECT pid, attempt FROM fault_probe_runs WHERE job_key = ${key} ORDER BY id`;

export const probeEffects = async (db: TDb, key: string): Promise<number> =>
  Number(
    (
      await db.$queryRaw<
        { n: bigint }[]
      >`SELECT count(*) AS n FROM fault_probe_effects WHERE job_key = ${key}`
    )[0]?.n ?? 0,
  );
