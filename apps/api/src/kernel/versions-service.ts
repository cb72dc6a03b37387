import { can } from "@crew/contracts";
import { onlyParams, parseListQuery } from "./list-query.js";
import { listLinks } from "./serialize.js";
import type { TServiceCore } from "./service-core.js";
import type { TResourceService } from "./service-types.js";
import { versionsRepository } from "./versions-repository.js";

/**
 * GET /{type}/{id}/versions: who changed what and when, for the record and the records that
 * belong to it, to whoever may read the record.
 */
export const createVersions = (core: TServiceCore): TResourceService["versions"] => {
  const { def, kernel } = core;
  return async (actor, id, rawQuery, url) => {
    await core.load(actor, id);
    const query = parseListQuery(def, onlyParams(rawQuery, ["page"]));
    const hiddenTypes = kernel
      .types()
      .filter((t) => !can(actor.permissions, kernel.serviceOf(t).def.permission, "read"));
    const versions = versionsRepository(kernel.read);
    // Belonging records that still exist but are out of the reader's scope (a vessel's archived
    // scale rows for all but superusers) keep their history to themselves, as their reads do.
    const hiddenItems = new Map<string, number[]>();
    for (const [itemType, ids] of await versions.belongingItems(def.type, id)) {
      const service = hiddenTypes.includes(itemType) ? undefined : kernel.findService(itemType);
      if (service) hiddenItems.set(itemType, await service.outOfScopeIds(actor, ids));
    }
    const { rows, total } = await versions.forRecord(
      def.type,
      id,
      { types: hiddenTypes, items: hiddenItems },
      query.page,
    );
    return {
      data: rows.map((v) => ({
        type: "versions",
        id: String(v.id),
        attributes: {
          item_type: v.itemType,
          item_id: v.itemId,
          event: v.event,
          changes: v.changes,
          owner_type: v.ownerType,
          owner_id: v.ownerId,
          actor_id: v.actorId,
          actor_name: v.actorName,
          request_id: v.requestId,
          created_at: v.createdAt.toISOString(),
        },
      })),
      links: listLinks(url, rawQuery, query.page, total),
      meta: { count: total, total },
    };
  };
};
