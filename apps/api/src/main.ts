import { ConfigError } from "./config.js";
import { createDb } from "./db/client.js";
import { serve } from "./serve.js";

/** `pnpm start` (and `node apps/api/dist/main.js`): see serve.ts. */
serve({ openDb: createDb }).catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
