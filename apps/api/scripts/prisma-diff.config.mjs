// Prisma config for prisma 6's CLI (package alias prisma-wasm-engine), used by prisma-diff.mjs
// only. With a driver adapter and engine "js", prisma 6 runs its schema engine as WASM, so
// `migrate diff` works where the native engine cannot be downloaded.
import { PrismaPg } from "@prisma/adapter-pg";

export default {
  experimental: { adapter: true },
  engine: "js",
  schema: process.env.PRISMA_DIFF_SCHEMA,
  // allowExitOnIdle: the CLI leaves the pool open; without it the process lingers for seconds.
  adapter: async () =>
    new PrismaPg({
      connectionString: process.env.PRISMA_DIFF_DATABASE_URL,
      max: 1,
      allowExitOnIdle: true,
      idleTimeoutMillis: 100,
    }),
};
