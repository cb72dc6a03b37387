import type { TPermissionMap } from "@crew/contracts";
import type { TDb } from "../db/client.js";
import { buildPermissionMap } from "./permission-map.js";
import { permissionRepository } from "./permission-repository.js";

/**
 * Effective permission maps per (role, client), kept while the permissions revision is
 * unchanged. The revision is read with the session on every request, so a change made by
 * any process takes effect on the next request everywhere.
 */
export const createPermissionCache = (db: TDb) => {
  const cache = new Map<string, { revision: bigint; map: TPermissionMap }>();
  return {
    async mapFor(client: { id: number; role: string }, revision: bigint): Promise<TPermissionMap> {
      const key = `${client.role}:${client.id}`;
      const hit = cache.get(key);
      if (hit && hit.revision === revision) return hit.map;
      const map = buildPermissionMap(await permissionRepository(db).forRoleAndClient(client.role, client.id));
      if (cache.size > 5000) cache.clear();
      cache.set(key, { revision, map });
      return map;
    },
  };
};
export type TPermissionCache = ReturnType<typeof createPermissionCache>;
