import type { z } from "zod";
import type { TJobContext, TJobDefinition, TJobHandler, TJobRetry } from "./types.js";

export const DEFAULT_RETRY: TJobRetry = { attempts: 3, backoffMs: 5_000 };

/** Keeps the payload type of a definition inferred from its schema. */
export const defineJob = <S extends z.ZodType>(definition: TJobDefinition<S>): TJobDefinition<S> =>
  definition;

/** The handler of a defined job, its payload typed by the definition's schema. */
export const handleJob = <S extends z.ZodType>(
  job: TJobDefinition<S>,
  handle: (payload: z.output<S>, ctx: TJobContext) => Promise<void>,
): TJobHandler<S> => ({ job, handle });
