import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { purgeExpiredSessionsJob } from "../src/auth/purge-expired-sessions-job.js";
import { JOB_HANDLERS } from "../src/job-handlers.js";
import { createJobs, defineJob, handleJob, type TJobContext, type TJobs } from "../src/jobs/index.js";
import { QUEUE_NAME } from "../src/jobs/bullmq-provider.js";
import { testDeps } from "./support/deps.js";
import { createClient, unique } from "./support/factories.js";

/** What the test jobs saw, by the token each test puts in its payload. */
const seen = new Map<string, { payload: unknown; jobId: string; attempts: number[] }>();
const record = (token: string, payload: unknown, ctx: TJobContext) => {
  const entry = seen.get(token) ?? { payload, jobId: ctx.jobId, attempts: [] };
  entry.attempts.push(ctx.attempt);
  seen.set(token, entry);
  return entry;
};

const echoJob = defineJob({
  id: "test-echo",
  version: 1,
  payload: z.object({ token: z.string(), at: z.coerce.date() }),
});
const echoHandler = handleJob(echoJob, async (payload, ctx) => {
  record(payload.token, payload, ctx);
});

const flakyJob = defineJob({
  id: "test-flaky",
  version: 1,
  payload: z.object({ token: z.string(), failures: z.number().int() }),
  retry: { attempts: 3, backoffMs: 10 },
});
const flakyHandler = handleJob(flakyJob, async (payload, ctx) => {
  const entry = record(payload.token, payload, ctx);
  if (entry.attempts.length <= payload.failures) throw new Error(`planned failure ${entry.attempts.length}`);
});

const tickJob = defineJob({ id: "test-tick", version: 1, payload: z.object({ token: z.string() }) });
const tickHandle = async (payload: { token: string }, ctx: TJobContext) => {
  record(payload.token, payload, ctx);
};

const unregisteredJob = defineJob({ id: "test-unregistered", version: 1, payload: z.object({}) });

const waitFor = async (
  what: string,
  done: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const jobDeps = () => {
  const { config, db, logger, storage } = testDeps();
  return { config, db, logger, redis: null, storage };
};

const dropQueue = async (redisUrl: string, prefix: string) => {
  const queue = new Queue(QUEUE_NAME, { connection: { url: redisUrl }, prefix });
  await queue.obliterate({ force: true });
  await queue.close();
};

// In-process always; BullMQ against the real Redis when REDIS_URL names one (CI).
const providers = [
  { name: "in-process", redisUrl: null },
  ...(process.env.REDIS_URL ? [{ name: "bullmq", redisUrl: process.env.REDIS_URL }] : []),
];

describe.each(providers)("jobs through the $name provider", ({ redisUrl }) => {
  const prefix = `crew-test-${randomUUID()}`;
  let jobs: TJobs;

  beforeAll(async () => {
    jobs = createJobs(jobDeps(), {
      redisUrl,
      prefix,
      schedules: false,
      handlers: [...JOB_HANDLERS, echoHandler, flakyHandler],
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    if (redisUrl) await dropQueue(redisUrl, prefix);
  });

  it("runs a job with its validated payload, after enqueue has returned", async () => {
    const token = unique();
    const at = new Date("2026-01-02T03:04:05.000Z");
    const id = await jobs.enqueue(echoJob, { token, at });
    expect(seen.has(token)).toBe(false);
    await waitFor("the echo job", () => seen.has(token));
    // The payload crossed JSON (Redis, or the in-process copy) and the schema revived the date.
    expect(seen.get(token)).toEqual({ payload: { token, at }, jobId: id, attempts: [1] });
  });

  it("retries a failing job until it succeeds", async () => {
    const token = unique();
    await jobs.enqueue(flakyJob, { token, failures: 2 });
    await waitFor("three attempts", () => (seen.get(token)?.attempts.length ?? 0) >= 3);
    expect(seen.get(token)?.attempts).toEqual([1, 2, 3]);
  });

  it("stops retrying after the last attempt", async () => {
    const token = unique();
    await jobs.enqueue(flakyJob, { token, failures: 10 });
    await waitFor("three attempts", () => (seen.get(token)?.attempts.length ?? 0) >= 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.get(token)?.attempts).toEqual([1, 2, 3]);
  });

  it("refuses a bad payload and an unregistered job at the enqueue site", async () => {
    // @ts-expect-error the payload breaks the schema on purpose
    await expect(jobs.enqueue(echoJob, { token: 5 })).rejects.toThrow(/token/);
    await expect(jobs.enqueue(unregisteredJob, {})).rejects.toThrow(/not registered/);
  });

  it("purges expired sessions and keeps live ones", async () => {
    const { db } = testDeps();
    const client = await createClient();
    const hour = 3_600_000;
    const session = (device: string, expiresAt: Date) => ({
      clientId: client.id,
      device,
      tokenHash: "x",
      expiresAt,
    });
    await db.session.createMany({
      data: [
        session(unique("expired"), new Date(Date.now() - hour)),
        session(unique("expired"), new Date(Date.now() - 15 * 24 * hour)),
        session(unique("live"), new Date(Date.now() + hour)),
      ],
    });
    await jobs.enqueue(purgeExpiredSessionsJob, {});
    await waitFor(
      "the purge",
      async () => (await db.session.count({ where: { clientId: client.id } })) === 1,
    );
    const left = await db.session.findMany({ where: { clientId: client.id } });
    expect(left.map((s) => s.device)).toEqual([expect.stringMatching(/^live-/)]);
  });
});

describe.each(providers)("schedules through the $name provider", ({ redisUrl }) => {
  it("runs a scheduled job repeatedly once started, and no more after stop", async () => {
    const token = unique();
    const scheduled = handleJob(
      defineJob({ ...tickJob, schedule: { everyMs: 100, payload: { token } } }),
      tickHandle,
    );
    const prefix = `crew-test-${randomUUID()}`;
    const jobs = createJobs(jobDeps(), { redisUrl, prefix, handlers: [scheduled] });
    try {
      await jobs.start();
      await waitFor("two scheduled runs", () => (seen.get(token)?.attempts.length ?? 0) >= 2);
      if (redisUrl) {
        const queue = new Queue(QUEUE_NAME, { connection: { url: redisUrl }, prefix });
        const schedulers = await queue.getJobSchedulers();
        await queue.close();
        expect(schedulers.map((s) => [s.key, s.every])).toEqual([["test-tick", 100]]);
      }
    } finally {
      await jobs.stop();
      if (redisUrl) await dropQueue(redisUrl, prefix);
    }
    const runs = seen.get(token)?.attempts.length ?? 0;
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.get(token)?.attempts.length).toBe(runs);
  });

  it("schedules the session purge hourly", () => {
    expect(purgeExpiredSessionsJob.schedule?.everyMs).toBe(3_600_000);
    expect(JOB_HANDLERS.map((h) => h.job)).toContain(purgeExpiredSessionsJob);
  });
});
