import {
  NONE,
  PERMISSION_TREE,
  ROLES,
  ROLE_MAPS,
  SECTION_KEYS,
  effectiveFlags,
  type TFlags,
  type TPermissionKey,
  type TTopPermissionKey,
} from "@crew/contracts";
import { withRevocation } from "../auth/revocation-repository.js";
import type { TDb } from "../db/client.js";
import { permissionRepository } from "./permission-repository.js";

/**
 * Makes sure every role has a record for every key of the contracts' permission tree,
 * taken from the role maps. Existing records (perhaps edited by an admin) are left alone,
 * so a key added in a later release is seeded on the next start without undoing edits.
 */
export const ensurePermissionRecords = async (db: TDb): Promise<number> => {
  // The revision bump is a revocation (auth/revocation-repository.ts).
  return withRevocation(db, async (tx) => {
    const repo = permissionRepository(tx);
    const existing = await repo.roleRecords();
    const byRoleKey = new Map<string, number>();
    const byId = new Map(existing.map((r) => [r.id, r]));
    for (const r of existing) {
      const parent = r.parentId === null ? undefined : byId.get(r.parentId);
      byRoleKey.set(`${r.role}:${parent ? `${parent.item}.` : ""}${r.item}`, r.id);
    }
    let created = 0;
    const flagsOf = (f: TFlags) => ({
      enable: f.enable,
      canRead: f.read,
      canCreate: f.create,
      canUpdate: f.update,
      canDelete: f.delete,
    });
    const tree = Object.entries(PERMISSION_TREE) as [TTopPermissionKey, readonly string[]][];
    for (const role of ROLES) {
      const map = ROLE_MAPS[role];
      // Two round trips per role (embedded PGlite makes each one count): parents, then children.
      const parents = await tx.permissionRecord.createManyAndReturn({
        data: tree
          .filter(([top]) => !byRoleKey.has(`${role}:${top}`))
          .map(([top]) => ({
            item: top,
            role,
            clientId: null,
            permissionType: SECTION_KEYS.includes(top) ? "section" : "model",
            ...flagsOf(map[top] ?? NONE),
          })),
        select: { id: true, item: true },
      });
      for (const p of parents) byRoleKey.set(`${role}:${p.item}`, p.id);
      created += parents.length;
      const children = tree.flatMap(([top, items]) =>
        items
          .filter((child) => !byRoleKey.has(`${role}:${top}.${child}`))
          .map((child) => ({
            item: child,
            parentId: byRoleKey.get(`${role}:${top}`) ?? null,
            role,
            clientId: null,
            permissionType: "model",
            ...flagsOf(effectiveFlags(map, `${top}.${child}` as TPermissionKey)),
          })),
      );
      if (children.length) created += (await tx.permissionRecord.createMany({ data: children })).count;
    }
    if (created > 0) await repo.bump();
    return created;
  });
};
