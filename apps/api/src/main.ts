import { startApi } from "./api-cluster.js";
import { ConfigError } from "./config.js";
import { createDb } from "./db/client.js";

/** `pnpm start` (and `node apps/api/dist/main.js`): one API process or several (api-cluster.ts, serve.ts). */
startApi({ openDb: createDb }).catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
