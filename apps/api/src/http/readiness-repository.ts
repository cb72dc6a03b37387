import type { TDb } from "../db/client.js";

/** The cheapest round trip that proves the database answers. */
export const pingDatabase = async (db: TDb): Promise<void> => {
  await db.$queryRaw`SELECT 1`;
};
