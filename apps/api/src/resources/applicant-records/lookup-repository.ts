import type { TTx } from "../../db/client.js";
import type { TModel } from "../../kernel/model-types.js";
import { storeOf } from "../../kernel/store.js";

/**
 * The ids among `ids` of records that exist. Records a sub-record names (a fleet vessel, a kind
 * of document, the interviewer) are checked this way rather than by the writer's read permission
 * (relationshipTargets): a recruiter who records that a seafarer served on a fleet vessel or holds
 * a kind of certificate need not be allowed to open the fleet, the reference lists or the staff
 * accounts. Writing the applicant's records is the permission; the named record must only exist.
 */
export const existingIds = async (db: TTx, model: TModel, ids: readonly number[]): Promise<ReadonlySet<number>> => {
  if (!ids.length) return new Set();
  const rows = await storeOf(db, model).findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
};
