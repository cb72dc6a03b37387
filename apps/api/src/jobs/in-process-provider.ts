import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { DEFAULT_RETRY } from "./define-job.js";
import type { TJobRegistry } from "./registry.js";
import { jobContext, PermanentJobError, resolveJob, toMessage } from "./run-job.js";
import type { TJobDefinition, TJobDeps, TJobMessage, TJobs } from "./types.js";

/**
 * Runs jobs in this process, after the enqueuing call has returned, with the definition's
 * retries; a job that fails for good is logged. Used without REDIS_URL (a laptop install):
 * nothing survives a restart, so jobs here must be safe to lose or to run again.
 */
export class InProcessJobs implements TJobs {
  private readonly running = new Set<Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: TJobDeps,
    private readonly registry: TJobRegistry,
    private readonly schedules: boolean,
  ) {}

  async enqueue<S extends z.ZodType>(job: TJobDefinition<S>, input: z.input<S>): Promise<string> {
    if (this.stopping.signal.aborted) throw new Error("jobs are stopping");
    const message = toMessage(this.registry, job, input);
    const id = randomUUID();
    const run = this.run(job.id, id, message);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return id;
  }

  async start(): Promise<void> {
    if (!this.schedules) return;
    for (const { job: definition } of this.registry.values()) {
      const schedule = definition.schedule;
      if (!schedule) continue;
      const fire = () => {
        this.enqueue(definition, schedule.payload).catch((error: unknown) =>
          this.deps.logger.error({ err: error, job: definition.id }, "scheduled job not queued"),
        );
      };
      // Also once at start: a laptop install may never stay up for a whole interval.
      const first = setTimeout(fire, Math.min(1_000, schedule.everyMs));
      const every = setInterval(fire, schedule.everyMs);
      first.unref();
      every.unref();
      this.timers.push(first, every);
    }
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
    // Jobs waiting for a retry give up; running handlers finish.
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  private async run(id: string, jobId: string, message: TJobMessage): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const retry = this.registry.get(id)?.job.retry ?? DEFAULT_RETRY;
    for (let attempt = 1; ; attempt++) {
      const logger = this.deps.logger.child({ job: id, jobId, attempt });
      try {
        const { handler, payload } = resolveJob(this.registry, id, message);
        await handler.handle(payload, jobContext(this.deps, this, handler.job, jobId, attempt));
        return;
      } catch (error) {
        if (error instanceof PermanentJobError || attempt >= retry.attempts) {
          logger.error({ err: error }, "job failed");
          return;
        }
        logger.warn({ err: error }, "job failed, will retry");
      }
      try {
        await sleep(retry.backoffMs * 2 ** (attempt - 1), undefined, { signal: this.stopping.signal });
      } catch {
        logger.warn("job dropped: the process is stopping before its retry");
        return;
      }
    }
  }
}
