import type { Logger } from "pino";
import type { TConfig } from "../config.js";
import type { TActor } from "../http/context.js";
import type { TJobs } from "../jobs/types.js";
import type { TTx } from "./model-types.js";
import type { TResourceService } from "./service-types.js";
import type { TStorage } from "../storage/storage.js";

/** What actions and bespoke services may use beside their repository: no database handle. */
export interface TKernelServices {
  jobs: TJobs;
  storage: TStorage;
  config: TConfig;
  logger: Logger;
  /** The generic service of another resource (its permission and scope apply). */
  serviceOf(type: string): TResourceService;
  /** The service of a type, if the type is bound (a relationship may name one that a later release adds). */
  findService(type: string): TResourceService | undefined;
  /** Every bound JSON:API type. */
  types(): string[];
  /** Tells live subscribers that records changed (after the write committed). */
  publish(type: string, ids: number[], event: "create" | "update" | "delete", actor: TActor | null): void;
}

/** What the engine itself runs on: reads on the pool, writes in audited transactions. */
export interface TKernelDeps extends TKernelServices {
  read: TTx;
  write<T>(actor: Pick<TActor, "id" | "requestId"> | null, fn: (tx: TTx) => Promise<T>): Promise<T>;
}
