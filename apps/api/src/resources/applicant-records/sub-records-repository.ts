import type { TTx } from "../../db/client.js";
import type { TModel } from "../../kernel/model-types.js";
import { existingIds } from "./lookup-repository.js";

/** Interviews, relatives, recommendations and English tests read nothing beyond their rows but what they name. */
export const subRecordsRepository = (db: TTx) => ({
  exists: (model: TModel, ids: readonly number[]) => existingIds(db, model, ids),
});
