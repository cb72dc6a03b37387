import { z } from "zod";
import { runInTransaction } from "../kernel/transaction-repository.js";
import { DEFAULT_RETRY } from "./define-job.js";
import type { TJobRegistry } from "./registry.js";
import type { TJobContext, TJobDefinition, TJobDeps, TJobHandler, TJobMessage, TJobs } from "./types.js";

/** A failure that retrying cannot fix: unknown job, other version, invalid payload. */
export class PermanentJobError extends Error {}

const ZJobMessage = z.object({ version: z.number().int(), payload: z.unknown() });

/**
 * Validates a payload at the enqueue site (a caller's mistake surfaces there, not in a
 * worker later) and turns it into the queued message. The message goes through JSON in
 * both providers, so a handler sees the same values in-process as from Redis.
 */
export const toMessage = <S extends z.ZodType>(
  registry: TJobRegistry,
  job: TJobDefinition<S>,
  input: z.input<S>,
): TJobMessage => {
  if (registry.get(job.id) === undefined)
    throw new Error(`job ${job.id} is not registered (src/job-handlers.ts)`);
  const payload: unknown = JSON.parse(JSON.stringify(job.payload.parse(input)));
  return { version: job.version, payload };
};

/** Finds the handler of a queued message and checks its version and payload. */
export const resolveJob = (
  registry: TJobRegistry,
  id: string,
  message: unknown,
): { handler: TJobHandler; payload: unknown } => {
  const handler = registry.get(id);
  if (!handler) throw new PermanentJobError(`unknown job ${id}`);
  const definition = handler.job;
  const envelope = ZJobMessage.safeParse(message);
  if (!envelope.success) throw new PermanentJobError(`job ${id}: malformed message`);
  if (envelope.data.version !== definition.version) {
    throw new PermanentJobError(
      `job ${id}: queued as version ${envelope.data.version}, this worker runs version ${definition.version}`,
    );
  }
  const payload = definition.payload.safeParse(envelope.data.payload);
  if (!payload.success)
    throw new PermanentJobError(`job ${id}: invalid payload: ${z.prettifyError(payload.error)}`);
  return { handler, payload: payload.data };
};

/** What one run of a handler gets: repositories and audited transactions on the database, never the client itself. */
export const jobContext = (
  deps: TJobDeps,
  jobs: TJobs,
  definition: TJobDefinition,
  jobId: string,
  attempt: number,
): TJobContext => ({
  config: deps.config,
  logger: deps.logger.child({ job: definition.id, jobId, attempt }),
  storage: deps.storage,
  redis: deps.redis,
  repository: (make) => make(deps.db),
  write: (actor, fn) => runInTransaction(deps.db, actor, fn, deps.bus),
  jobs,
  jobId,
  attempt,
  lastAttempt: attempt >= (definition.retry ?? DEFAULT_RETRY).attempts,
});
