import { ALL_PERMISSION_KEYS } from "@crew/contracts";
import type { TDb } from "../../db/client.js";
import { AppError } from "../../errors/app-error.js";
import { camel } from "../../kernel/naming.js";
import type { TResourceHooks } from "../../kernel/resource-service.js";
import type { TRow } from "../../kernel/store.js";
import { permissionRepository } from "../../permissions/permission-repository.js";

const KNOWN = new Set<string>(ALL_PERMISSION_KEYS);
const parentItem = (row: TRow): string | undefined =>
  typeof row.parent === "object" && row.parent !== null ? String((row.parent as { item: unknown }).item) : undefined;

/**
 * Permission records: every write bumps the permissions revision, which every request
 * reads with its session, so a change takes effect on the next request in every process.
 */
export const permissionsHooks = (db: TDb): TResourceHooks => {
  const repo = permissionRepository(db);
  return {
    include: { parent: true },
    computed: (row) => ({ key: parentItem(row) ? `${parentItem(row)}.${String(row.item)}` : row.item }),
    filters: {
      only_role: (value) => (value === true ? { clientId: null } : {}),
      role: (value) => ({ role: value }),
    },
    async toData(input, ctx) {
      const data: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(input.attributes)) data[camel(name)] = value;
      const current = ctx.id === undefined ? undefined : await db.permissionRecord.findUnique({ where: { id: ctx.id } });
      const item = (data.item ?? current?.item) as string | undefined;
      const parentId = (data.parentId !== undefined ? data.parentId : current?.parentId) as number | null | undefined;
      const role = data.role !== undefined ? data.role : current?.role;
      const clientId = data.clientId !== undefined ? data.clientId : current?.clientId;
      const parent = parentId ? await db.permissionRecord.findUnique({ where: { id: parentId } }) : null;
      if (parentId && !parent) throw AppError.invalid([{ field: "parent_id", message: "must exist" }]);
      const key = parent ? `${parent.item}.${item}` : item;
      if (!key || !KNOWN.has(key)) throw AppError.invalid([{ field: "item", message: "is not a known permission key" }]);
      if ((role == null) === (clientId == null)) {
        throw AppError.invalid([{ field: role == null ? "role" : "client_id", message: "give either a role or a client, not both" }]);
      }
      if (clientId != null && !(await db.client.findUnique({ where: { id: Number(clientId) } }))) {
        throw AppError.invalid([{ field: "client_id", message: "must exist" }]);
      }
      return data;
    },
    async afterWrite() {
      await repo.bump();
    },
    async afterDelete() {
      await repo.bump();
    },
  };
};
