import { join } from "node:path";
import type { TConfig } from "../config.js";
import { diskStorage } from "./disk-storage.js";
import { s3Storage } from "./s3-storage.js";
import type { TStorage } from "./storage.js";

/** The storage driver configuration chooses (STORAGE_DRIVER, docs/files.md). */
export const createStorage = (config: TConfig): TStorage =>
  config.STORAGE_DRIVER === "s3"
    ? s3Storage({
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET ?? "",
        accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : diskStorage(join(config.dataDir, "files"));
