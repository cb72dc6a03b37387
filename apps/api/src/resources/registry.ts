import { RESOURCES } from "@crew/contracts";
import type { TDb } from "../db/client.js";
import type { TResourceEntry, TResourceHooks } from "../kernel/resource-service.js";
import { clientsHooks } from "./clients/clients-hooks.js";
import { notificationsHooks } from "./notifications/notifications-hooks.js";
import { permissionsHooks } from "./permissions/permissions-hooks.js";
import { ranksHooks } from "./ranks/ranks-hooks.js";
import { plainStores } from "./stores.js";

/**
 * Every resource of the contracts with its store and hooks. A plain reference list needs
 * no line here: its definition and its store (stores.ts) are enough.
 */
export const createRegistry = (db: TDb): Map<string, TResourceEntry> => {
  const stores = plainStores(db);
  const hooks: Record<string, TResourceHooks> = {
    ranks: ranksHooks(db),
    clients: clientsHooks(db),
    notifications: notificationsHooks,
    permissions: permissionsHooks(db),
  };
  const registry = new Map<string, TResourceEntry>();
  for (const def of Object.values(RESOURCES)) {
    const store = stores[def.type];
    if (!store) throw new Error(`No store for resource ${def.type} (resources/stores.ts)`);
    registry.set(def.type, { def, store, ...(hooks[def.type] ? { hooks: hooks[def.type] } : {}) });
  }
  return registry;
};
