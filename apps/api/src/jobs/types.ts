import type { z } from "zod";
import type { TDeps } from "../deps.js";

/** A queued job: an id, a versioned zod payload and its handler. */
export interface TJobDefinition<S extends z.ZodType = z.ZodType> {
  id: string;
  version: number;
  payload: S;
  handle(payload: z.infer<S>, deps: Omit<TDeps, "jobs">): Promise<void>;
}

export interface TJobs {
  /** Validates the payload and queues it (BullMQ with REDIS_URL, in-process otherwise). */
  enqueue<S extends z.ZodType>(job: TJobDefinition<S>, payload: z.input<S>): Promise<string>;
  /** Starts consuming (the worker process, or the API process when jobs run in-process). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones. */
  stop(): Promise<void>;
}
