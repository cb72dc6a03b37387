import type { Logger } from "pino";
import type { z } from "zod";
import type { TDeps } from "../deps.js";

/** What a job handler may use. A subset of TDeps so the worker process, which serves no HTTP, can build it. */
export type TJobDeps = Pick<TDeps, "config" | "db" | "logger" | "redis">;

export interface TJobContext extends TJobDeps {
  /** A child logger carrying the job id and name. */
  logger: Logger;
  /** To queue follow-up jobs. */
  jobs: TJobs;
  jobId: string;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
}

export interface TJobRetry {
  /** Runs in total, the first included. */
  attempts: number;
  /** Wait before the first retry; doubles on each further one. */
  backoffMs: number;
}

/**
 * A queued job: an id, a version, a zod payload and its handler. The version travels with
 * every queued message, so a worker never feeds an old payload to a changed handler: bump it
 * when the payload shape or meaning changes.
 */
export interface TJobDefinition<S extends z.ZodType = z.ZodType> {
  id: string;
  version: number;
  payload: S;
  retry?: TJobRetry;
  /** Runs repeatedly while a worker (or the in-process provider) runs, with this payload. */
  schedule?: { everyMs: number; payload: z.input<S> };
  handle(payload: z.output<S>, ctx: TJobContext): Promise<void>;
}

export interface TJobs {
  /** Validates the payload and queues it (BullMQ with REDIS_URL, in-process otherwise); returns the job id. */
  enqueue<S extends z.ZodType>(job: TJobDefinition<S>, payload: z.input<S>): Promise<string>;
  /** Starts consuming and the schedules (the worker process, or the API process when jobs run in-process). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
}

/** The message stored in a queue. */
export interface TJobMessage {
  version: number;
  payload: unknown;
}
