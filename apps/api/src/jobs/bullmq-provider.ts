import { type Job, Queue, UnrecoverableError, Worker } from "bullmq";
import type { z } from "zod";
import { AppError } from "../errors/app-error.js";
import { DEFAULT_RETRY } from "./define-job.js";
import type { TJobRegistry } from "./registry.js";
import { jobContext, PermanentJobError, resolveJob, toMessage } from "./run-job.js";
import type { TJobDefinition, TJobDeps, TJobMessage, TJobRetry, TJobs } from "./types.js";

/** One queue for every job: the job name is the definition id. */
export const QUEUE_NAME = "jobs";

export interface TBullmqOptions {
  redisUrl: string;
  /** Redis key prefix; tests use a unique one so runs never share a queue. */
  prefix: string;
  schedules: boolean;
  concurrency?: number;
  /**
   * How long a worker's hold on a running job lasts without renewal (BullMQ's lockDuration,
   * default 30 s): a worker that dies mid-job gives it up this long after, and another worker
   * (checking every `stalledIntervalMs`) runs it again. The fault tests shorten both.
   */
  lockMs?: number;
  stalledIntervalMs?: number;
}

/**
 * Reconnect attempts after Redis went away: BullMQ's own delay grows to 20 s, so a queue
 * would stay dead long after Redis is back; at most 2 s keeps the recovery prompt.
 */
const reconnectDelay = (attempt: number): number => Math.min(250 * attempt, 2_000);

/** An enqueue that has not reached Redis by then fails with a 503 instead of holding the request. */
const ENQUEUE_TIMEOUT_MS = 3_000;

const retryOptions = (retry: TJobRetry = DEFAULT_RETRY) => ({
  attempts: retry.attempts,
  backoff: { type: "exponential", delay: retry.backoffMs },
});

/**
 * Jobs in Redis through BullMQ: the API processes only enqueue, `start()` (the worker
 * process) consumes them and keeps the job schedulers in Redis up to date, so several
 * workers share one schedule instead of each running its own timer.
 */
export class BullmqJobs implements TJobs {
  private readonly queue: Queue;
  private worker: Worker | undefined;

  constructor(
    private readonly deps: TJobDeps,
    private readonly registry: TJobRegistry,
    private readonly options: TBullmqOptions,
  ) {
    this.queue = new Queue(QUEUE_NAME, {
      // Fail fast while Redis is away (no offline queue): the request that enqueues gets a 503 at
      // once, and ioredis reconnects by itself, so queueing works again when Redis is back.
      connection: { url: options.redisUrl, enableOfflineQueue: false, retryStrategy: reconnectDelay },
      prefix: options.prefix,
      defaultJobOptions: { removeOnComplete: { count: 1_000 }, removeOnFail: { count: 5_000 } },
    });
    this.queue.on("error", (error) => deps.logger.error({ err: error }, "job queue error"));
  }

  async enqueue<S extends z.ZodType>(job: TJobDefinition<S>, input: z.input<S>): Promise<string> {
    const message = toMessage(this.registry, job, input);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from Redis within ${ENQUEUE_TIMEOUT_MS} ms`)),
        ENQUEUE_TIMEOUT_MS,
      );
    });
    try {
      const queued = await Promise.race([this.queue.add(job.id, message, retryOptions(job.retry)), timeout]);
      if (queued.id === undefined) throw new Error(`job ${job.id} was not given an id`);
      return queued.id;
    } catch (error) {
      this.deps.logger.error({ err: error, job: job.id }, "job not queued");
      throw new AppError(
        "UNAVAILABLE",
        "The job queue is not reachable right now; nothing was queued. Please try again shortly.",
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async start(): Promise<void> {
    if (this.worker) return;
    const worker = new Worker(QUEUE_NAME, (job: Job) => this.process(job), {
      connection: this.connection(),
      prefix: this.options.prefix,
      concurrency: this.options.concurrency ?? 4,
      ...(this.options.lockMs ? { lockDuration: this.options.lockMs } : {}),
      ...(this.options.stalledIntervalMs ? { stalledInterval: this.options.stalledIntervalMs } : {}),
    });
    worker.on("error", (error) => this.deps.logger.error({ err: error }, "job worker error"));
    worker.on("failed", (job, error) => {
      const final =
        !job || error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      const log = { err: error, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade };
      if (final) this.deps.logger.error(log, "job failed");
      else this.deps.logger.warn(log, "job failed, will retry");
    });
    this.worker = worker;
    await worker.waitUntilReady();
    if (this.options.schedules) await this.syncSchedules();
  }

  async stop(): Promise<void> {
    // close() waits for the running handlers; jobs not yet taken stay queued for another worker.
    await this.worker?.close();
    this.worker = undefined;
    await this.queue.close();
  }

  private connection() {
    // null: BullMQ's blocking commands must wait through a Redis restart instead of failing.
    return { url: this.options.redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelay };
  }

  private async process(job: Job): Promise<void> {
    let resolved: ReturnType<typeof resolveJob>;
    try {
      resolved = resolveJob(this.registry, job.name, job.data as TJobMessage);
    } catch (error) {
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
    const id = job.id ?? `${job.name}-${job.timestamp}`;
    await resolved.handler.handle(
      resolved.payload,
      jobContext(this.deps, this, resolved.handler.job, id, job.attemptsMade + 1),
    );
  }

  /** Upserts a scheduler per scheduled definition and removes those of jobs that no longer exist. */
  private async syncSchedules(): Promise<void> {
    const scheduled = [...this.registry.values()].map((h) => h.job).filter((d) => d.schedule);
    for (const d of scheduled) {
      if (!d.schedule) continue;
      await this.queue.upsertJobScheduler(
        d.id,
        { every: d.schedule.everyMs },
        {
          name: d.id,
          data: toMessage(this.registry, d, d.schedule.payload),
          opts: retryOptions(d.retry),
        },
      );
    }
    const wanted = new Set(scheduled.map((d) => d.id));
    for (const s of await this.queue.getJobSchedulers()) {
      if (!wanted.has(s.key)) await this.queue.removeJobScheduler(s.key);
    }
  }
}
