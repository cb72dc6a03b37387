// Runs `prisma generate` offline (the Prisma client and the relation fields of
// scripts/prisma-relations-generator.mjs). Every Prisma CLI command first tries to download the
// native schema engine from Prisma's host (unreachable here); generate does not use it, so
// pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets it run.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const schema = resolve(root, "prisma/schema.prisma");
// Both generators' outputs (the client, and generated/relations.ts for the kernel's relation inference).
const markers = ["apps/api/src/generated/prisma/client.ts", "apps/api/src/generated/relations.ts"];
// Stale when older than the schema or than our generator (a change to what it writes).
const generator = resolve(root, "apps/api/scripts/prisma-relations-generator.mjs");
const newest = Math.max(statSync(schema).mtimeMs, statSync(generator).mtimeMs);
const current = (marker) => existsSync(marker) && statSync(marker).mtimeMs > newest;
if (markers.every((m) => current(resolve(root, m)))) process.exit(0);

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
