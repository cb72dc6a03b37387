import type { TEventBus } from "../live/event-bus.js";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { z } from "zod";
import type { TConfig } from "../config.js";
import type { TDb, TTx } from "../db/client.js";
import type { TStorage } from "../storage/storage.js";

/** What the jobs machinery is built from: the part of the app's dependencies the worker process, which serves no HTTP, can build too. */
export interface TJobDeps {
  config: TConfig;
  db: TDb;
  logger: Logger;
  redis: Redis | null;
  storage: TStorage;
  /** Live events of what jobs write (a notification pushed to its recipient); none: nobody is told. */
  bus?: Pick<TEventBus, "publish">;
}

/** Who a job writes in the name of (the audit trigger's actor); null: the system. */
export type TJobActor = { id: number } | null;

/** What a job handler may use. Not the raw database: repositories on it, and audited write transactions. */
export interface TJobContext {
  config: TConfig;
  /** A child logger carrying the job id and name. */
  logger: Logger;
  /** Uploaded files (disk or S3-compatible), as the API stores them. */
  storage: TStorage;
  /** The shared Redis when REDIS_URL is set (a pace several worker processes keep together); null otherwise. */
  redis: Redis | null;
  /** A repository on the database outside any transaction: reads, and progress rows that must show while the job runs. */
  repository<R>(make: (db: TTx) => R): R;
  /** One write transaction that the audit trigger records in the name of `actor` (kernel/transaction-repository.ts). */
  write<T>(actor: TJobActor, fn: (tx: TTx) => Promise<T>): Promise<T>;
  /** To queue follow-up jobs. */
  jobs: TJobs;
  jobId: string;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
  /** True on the run after which no retry follows (the definition's retry.attempts). */
  lastAttempt: boolean;
}

export interface TJobRetry {
  /** Runs in total, the first included. */
  attempts: number;
  /** Wait before the first retry; doubles on each further one. */
  backoffMs: number;
}

/**
 * A queued job as its callers know it: an id, a version and a zod payload (and how it is
 * retried and scheduled). The version travels with every queued message, so a worker never
 * feeds an old payload to a changed handler: bump it when the payload shape or meaning
 * changes. The handler is apart (TJobHandler): a service that queues a job imports only this.
 */
export interface TJobDefinition<S extends z.ZodType = z.ZodType> {
  id: string;
  version: number;
  payload: S;
  retry?: TJobRetry;
  /** Runs repeatedly while a worker (or the in-process provider) runs, with this payload. */
  schedule?: { everyMs: number; payload: z.input<S> };
}

/** What runs a job: its definition and the handler, listed in src/job-handlers.ts. */
export interface TJobHandler<S extends z.ZodType = z.ZodType> {
  job: TJobDefinition<S>;
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
