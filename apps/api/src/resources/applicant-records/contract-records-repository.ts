import type { TTx } from "../../db/client.js";
import type { TModel } from "../../kernel/model-types.js";
import { existingIds } from "./lookup-repository.js";

/** What the records of one sea-service contract (verifications, performance) read besides their own rows. */
export const contractRecordsRepository = (db: TTx) => ({
  exists: (model: TModel, ids: readonly number[]) => existingIds(db, model, ids),

  /** The applicant of a sea-service record. */
  async applicantOfService(expirienceId: number): Promise<number | null> {
    return (
      (await db.expirience.findUnique({ where: { id: expirienceId }, select: { userId: true } }))?.userId ??
      null
    );
  },
});

export type TContractRecordsRepository = ReturnType<typeof contractRecordsRepository>;
