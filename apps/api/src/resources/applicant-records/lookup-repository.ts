import type { TTx } from "../../db/client.js";
import type { TModel } from "../../kernel/model-types.js";
import { storeOf } from "../../kernel/store.js";

/**
 * The ids among `ids` of records that exist: for values a hook reads outside the relationships
 * (a document kind given as an attribute). Relationships themselves are checked by the kernel as
 * pickers (docs/decisions.md "Pickers"): the writer of a form may name records of the types it
 * picks, within their scope, without reading those lists.
 */
export const existingIds = async (
  db: TTx,
  model: TModel,
  ids: readonly number[],
): Promise<ReadonlySet<number>> => {
  if (!ids.length) return new Set();
  const rows = await storeOf(db, model).findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
};
