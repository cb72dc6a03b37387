import type { TestProject } from "vitest/node";
import pg from "pg";
import { startEmbeddedDatabase } from "../../src/db/embedded.js";
import { migrate } from "../../src/db/migrate.js";
import { createDb } from "../../src/db/client.js";
import { ensurePermissionRecords } from "../../src/permissions/permission-seed-repository.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openApiDocument } from "@crew/openapi";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    embedded: boolean;
    /** The OpenAPI document, built once per run (contract-setup.ts checks every answer against it). */
    openapiPath: string;
  }
}

/**
 * One database per test run and project: a fresh PostgreSQL database on the machine's
 * server (dropped afterwards), or an in-memory embedded PGlite. Migrated once; tests make
 * unique data of their own.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? "embedded";
  let url: string;
  let teardown: () => Promise<void>;
  if (kind === "postgres") {
    const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!server) throw new Error("TEST_DATABASE_URL is not set");
    const name = `crew_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    url = u.toString();
    teardown = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  } else {
    const embedded = await startEmbeddedDatabase(null);
    url = embedded.url;
    teardown = embedded.stop;
  }
  await migrate(url);
  const db = createDb(url, kind !== "postgres");
  await ensurePermissionRecords(db);
  await db.$disconnect();
  project.provide("databaseUrl", url);
  project.provide("embedded", kind !== "postgres");
  const openapiPath = join(mkdtempSync(join(tmpdir(), "crew-openapi-")), "openapi.json");
  writeFileSync(openapiPath, JSON.stringify(openApiDocument()));
  project.provide("openapiPath", openapiPath);
  return teardown;
}
