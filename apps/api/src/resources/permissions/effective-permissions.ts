import { permissionRecords, type TListDocument } from "@crew/contracts";
import type { TTx } from "../../db/client.js";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { requireAccess } from "../../kernel/access.js";
import { listLinks, toResource } from "../../kernel/serialize.js";
import { effectiveRecords } from "../../permissions/permission-map.js";
import { permissionRepository } from "../../permissions/permission-repository.js";

/**
 * GET /api/permissions?filter[client_id]=N: one client's effective records (the role's
 * records with the client's overrides in their place), each with its dotted key. Anyone may
 * read their own; reading another's needs permissions.read.
 */
export const effectivePermissions = async (
  db: TTx,
  actor: TActor,
  clientId: number,
  url: string,
): Promise<TListDocument> => {
  if (clientId !== actor.id) requireAccess(actor, "permissions", "read");
  const repo = permissionRepository(db);
  const client = await repo.roleOfClient(clientId);
  if (!client) throw AppError.notFound(`User ${clientId} not found`);
  const rows = await repo.forRoleAndClient(client.role, clientId);
  const data = [...effectiveRecords(rows).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, r]) => toResource(permissionRecords, { ...r }, { computed: () => ({ key }) }));
  return {
    data,
    links: listLinks(
      url,
      { filter: { client_id: clientId } },
      { size: Math.max(data.length, 1), number: 1 },
      data.length,
    ),
    meta: { count: data.length, total: data.length },
  };
};
