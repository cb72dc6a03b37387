import type { TResourceDef } from "../resource.js";
import { clients } from "./clients.js";
import { notifications } from "./notifications.js";
import { permissionRecords } from "./permission-records.js";
import { ranks } from "./ranks.js";
import { REFERENCE_LISTS } from "./reference-lists.js";

export * from "./clients.js";
export * from "./notifications.js";
export * from "./permission-records.js";
export * from "./ranks.js";
export * from "./reference-lists.js";

/** Every resource the generic engine serves, by JSON:API type. */
export const RESOURCES: Readonly<Record<string, TResourceDef>> = Object.fromEntries(
  [clients, ranks, notifications, ...REFERENCE_LISTS, permissionRecords].map((d) => [d.type, d]),
);

export const resourceByType = (type: string): TResourceDef | undefined => RESOURCES[type];
