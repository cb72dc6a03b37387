import { NONE, PERMISSION_TREE, ROLES, ROLE_MAPS, SECTION_KEYS, effectiveFlags, type TPermissionKey, type TTopPermissionKey } from "@crew/contracts";
import type { TDb } from "../db/client.js";
import { permissionRepository } from "./permission-repository.js";

/**
 * Makes sure every role has a record for every key of the contracts' permission tree,
 * taken from the role maps. Existing records (perhaps edited by an admin) are left alone,
 * so a key added in a later release is seeded on the next start without undoing edits.
 */
export const ensurePermissionRecords = async (db: TDb): Promise<number> => {
  return db.$transaction(async (tx) => {
    const repo = permissionRepository(tx);
    const existing = await repo.roleRecords();
    const byRoleKey = new Map<string, number>();
    const byId = new Map(existing.map((r) => [r.id, r]));
    for (const r of existing) {
      const parent = r.parentId === null ? undefined : byId.get(r.parentId);
      byRoleKey.set(`${r.role}:${parent ? `${parent.item}.` : ""}${r.item}`, r.id);
    }
    let created = 0;
    for (const role of ROLES) {
      const map = ROLE_MAPS[role];
      for (const [top, children] of Object.entries(PERMISSION_TREE) as [TTopPermissionKey, readonly string[]][]) {
        let parentId = byRoleKey.get(`${role}:${top}`);
        if (parentId === undefined) {
          const f = map[top] ?? NONE;
          const rec = await repo.createRecord({
            item: top, parentId: null, role, clientId: null,
            permissionType: SECTION_KEYS.includes(top) ? "section" : "model",
            enable: f.enable, canRead: f.read, canCreate: f.create, canUpdate: f.update, canDelete: f.delete,
          });
          parentId = rec.id;
          created++;
        }
        for (const child of children) {
          if (byRoleKey.has(`${role}:${top}.${child}`)) continue;
          const f = effectiveFlags(map, `${top}.${child}` as TPermissionKey);
          await repo.createRecord({
            item: child, parentId, role, clientId: null, permissionType: "model",
            enable: f.enable, canRead: f.read, canCreate: f.create, canUpdate: f.update, canDelete: f.delete,
          });
          created++;
        }
      }
    }
    if (created > 0) await repo.bump();
    return created;
  }, { timeout: 60_000 });
};
