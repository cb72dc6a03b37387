import type { TTx } from "../db/client.js";

export interface TPermissionRow {
  id: number;
  item: string;
  parentId: number | null;
  enable: boolean;
  permissionType: string;
  canRead: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  role: string | null;
  clientId: number | null;
}

const REVISION = "permissions";

/** Permission records and the revision counter that tells caches a record changed. */
export const permissionRepository = (db: TTx) => ({
  /** A role's default records plus one client's overrides. */
  forRoleAndClient(role: string, clientId: number): Promise<TPermissionRow[]> {
    return db.permissionRecord.findMany({
      where: { OR: [{ role, clientId: null }, { clientId }] },
      orderBy: { id: "asc" },
    });
  },

  async revision(): Promise<bigint> {
    const row = await db.revision.findUnique({ where: { name: REVISION } });
    return row?.value ?? 0n;
  },

  async bump(): Promise<void> {
    await db.revision.upsert({
      where: { name: REVISION },
      create: { name: REVISION, value: 1n },
      update: { value: { increment: 1n } },
    });
  },

  findById(id: number): Promise<TPermissionRow | null> {
    return db.permissionRecord.findUnique({ where: { id } });
  },

  roleOfClient(id: number): Promise<{ role: string } | null> {
    return db.client.findUnique({ where: { id }, select: { role: true } });
  },

  async clientExists(id: number): Promise<boolean> {
    return (await db.client.count({ where: { id } })) > 0;
  },

  roleRecords(): Promise<TPermissionRow[]> {
    return db.permissionRecord.findMany({ where: { clientId: null }, orderBy: { id: "asc" } });
  },
});
