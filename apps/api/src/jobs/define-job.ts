import type { z } from "zod";
import type { TJobDefinition, TJobRetry } from "./types.js";

export const DEFAULT_RETRY: TJobRetry = { attempts: 3, backoffMs: 5_000 };

/** Keeps the payload type of a definition inferred from its schema. */
export const defineJob = <S extends z.ZodType>(definition: TJobDefinition<S>): TJobDefinition<S> => definition;
