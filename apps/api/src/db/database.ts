import type { TConfig } from "../config.js";
import { startEmbeddedDatabase } from "./embedded.js";

export interface TDatabaseHandle {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

/** DATABASE_URL when set; otherwise the file-backed embedded PGlite under DATA_DIR. */
export const openDatabase = async (config: TConfig): Promise<TDatabaseHandle> => {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  const db = await startEmbeddedDatabase(config.dataDir);
  return { url: db.url, embedded: true, stop: db.stop };
};
