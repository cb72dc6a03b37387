import { ALL_PERMISSION_KEYS, permissionRecords } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { permissionRepository } from "../../permissions/permission-repository.js";

const KNOWN = new Set<string>(ALL_PERMISSION_KEYS);
const parentItem = (row: Record<string, unknown>): string | undefined =>
  typeof row.parent === "object" && row.parent !== null
    ? String((row.parent as { item: unknown }).item)
    : undefined;

/**
 * Permission records: every write bumps the permissions revision in the same transaction,
 * which every request reads with its session, so a change takes effect on the next request
 * in every process.
 */
export const permissionsBinding: TResourceEntry = bindResource(
  permissionRecords,
  "PermissionRecord",
  permissionRepository,
)({
  include: { parent: true },
  computed: { key: (row) => (parentItem(row) ? `${parentItem(row)}.${row.item}` : row.item) },
  filters: {
    only_role: (value) => (value === true ? { clientId: null } : {}),
    role: (value) => ({ role: typeof value === "string" ? value : null }),
  },
  async toData(_input, defaults, ctx) {
    const current = ctx.before;
    const item = defaults.item ?? current?.item;
    const parentId = defaults.parentId !== undefined ? defaults.parentId : current?.parentId;
    const role = defaults.role !== undefined ? defaults.role : current?.role;
    const clientId = defaults.clientId !== undefined ? defaults.clientId : current?.clientId;
    const parent = parentId ? await ctx.repo.findById(parentId) : null;
    if (parentId && !parent) throw AppError.invalid([{ field: "parent_id", message: "must exist" }]);
    const key = parent ? `${parent.item}.${item}` : item;
    if (!key || !KNOWN.has(key))
      throw AppError.invalid([{ field: "item", message: "is not a known permission key" }]);
    if ((role == null) === (clientId == null)) {
      throw AppError.invalid([
        { field: role == null ? "role" : "client_id", message: "give either a role or a client, not both" },
      ]);
    }
    if (clientId != null && !(await ctx.repo.clientExists(clientId)))
      throw AppError.invalid([{ field: "client_id", message: "must exist" }]);
    return {};
  },
  async afterWrite(_after, ctx) {
    await ctx.repo.bump();
  },
  async afterDelete(_row, ctx) {
    await ctx.repo.bump();
  },
});
