// Runs `prisma generate` offline. Every Prisma CLI command first tries to download the
// native schema engine from Prisma's host (unreachable here); generate does not use it, so
// pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets it run.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const schema = resolve(root, "prisma/schema.prisma");
const marker = resolve(root, "apps/api/src/generated/prisma/client.ts");
if (existsSync(marker) && statSync(marker).mtimeMs > statSync(schema).mtimeMs) process.exit(0);

execFileSync(process.execPath, [resolve(root, "node_modules/prisma/build/index.js"), "generate"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
