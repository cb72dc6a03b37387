import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import {
  JSONAPI_MEDIA_TYPE,
  RESOURCES,
  ROLES,
  rolePermissionMap,
  routeAllows,
  type TResourceDef,
  type TRole,
  type TRouteSpec,
} from "@crew/contracts";
import { createApp } from "../../src/app.js";
import { hashPassword } from "../../src/auth/passwords.js";
import { loadConfig } from "../../src/config.js";
import { createDb, type TDb } from "../../src/db/client.js";
import type { TDeps } from "../../src/deps.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import { createLogger } from "../../src/lib/logger.js";
import { inProcessBus } from "../../src/live/event-bus.js";
import { ensurePermissionRecords } from "../../src/permissions/permission-seed-repository.js";
import { createStorage } from "../../src/storage/create-storage.js";
import { credentialsIn } from "../support/credentials.js";
import { throwawayDatabase, type TThrowawayDatabase } from "../support/throwaway-database.js";
import { send, type TRawAnswer, type TRawRequest } from "./http-client.js";
import { plausibleAttributes, plausibleRelationships } from "./plausible.js";

export type THeaders = Record<string, string>;

/** The real app (src/app.ts) on its own database, served on loopback, with the fuzzer's accounts. */
export interface TFuzzTarget {
  database: TThrowawayDatabase;
  base: { host: string; port: number };
  db: TDb;
  /** Error lines the server logged (5xx causes), newest last. */
  serverErrors: string[];
  send(req: TRawRequest): Promise<TRawAnswer>;
  /** Sign-ins so far (each adds a session row and maybe an account: the row counts move). */
  signIns(): number;
  /** Current credentials of a role's account (signed in again when a request ended the session). */
  session(role: TRole): Promise<THeaders>;
  /** Keeps the rotated credentials an answer carries; forgets the session on a 401. */
  settle(role: TRole, sent: THeaders, answer: TRawAnswer): void;
  /** Ids of records that exist, by type (the fuzzer's own accounts are left out of `clients`). */
  knownIds(type: string): readonly number[];
  forget(type: string, id: number): void;
  /** Creates records of types that have few, through the API, from plausible bodies. */
  topUpFixtures(): Promise<void>;
  /**
   * In one round trip: the row count of each table the audit trail does not cover, the newest
   * version id (which any committed write to the others moves), the permissions revision.
   */
  counts(): Promise<Map<string, number>>;
  /** What the audit trail recorded after `versionId`, by type and event. */
  writtenSince(versionId: number): Promise<string[]>;
  /**
   * Waits until no background task is queued or running: work an accepted request queued
   * (a 202: a tag batch, an export) changes rows after its answer, not the next request.
   */
  quiet(): Promise<void>;
  stop(): Promise<void>;
}

const FUZZ_PASSWORD = "Fuzz-Password-1";

/** A role the route's permission (and what it also requires) denies, by the seeded role maps; undefined when all may. */
export const deniedRoleOf = (route: TRouteSpec): TRole | undefined =>
  ROLES.find((role) => !routeAllows(rolePermissionMap(role), route));

export const startFuzzTarget = async (serverUrl: string | undefined): Promise<TFuzzTarget> => {
  const database = await throwawayDatabase(serverUrl, "crew_fuzz");
  const db = createDb(database.url, database.embedded);
  // No demo data (it takes a minute to seed): the fixtures below make a few records of every type through the API.
  await ensurePermissionRecords(db);

  const serverErrors: string[] = [];
  const errorSink = new Writable({
    write(chunk: Buffer, _enc, done) {
      serverErrors.push(chunk.toString("utf8").slice(0, 4000));
      if (serverErrors.length > 200) serverErrors.shift();
      done();
    },
  });
  const dataDir = join(tmpdir(), `crew-fuzz-${randomUUID().slice(0, 8)}`);
  // Uploads: a small limit so "too large" is reached with a small body.
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    UPLOAD_MAX_BYTES: String(256 * 1024),
  });
  const logger = createLogger(config, { destination: errorSink });
  const storage = createStorage(config);
  const jobs = createJobs(
    { config, db, logger, redis: null, storage },
    { handlers: JOB_HANDLERS, redisUrl: null, schedules: false },
  );
  const deps: TDeps = {
    config,
    db,
    logger,
    jobs,
    redis: null,
    bus: inProcessBus(),
    storage,
    sessionSecret: config.SESSION_SECRET ?? "",
    embedded: database.embedded,
  };
  const server: Server = await new Promise((resolve) => {
    const s = createApp(deps).listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = { host: "127.0.0.1", port: (server.address() as AddressInfo).port };
  const call = (req: TRawRequest) => send(base, req);

  // ---- accounts and sessions
  const passwordHash = await hashPassword(FUZZ_PASSWORD);
  const own = new Set<number>();
  const sessions = new Map<TRole, THeaders>();
  const newAccount = async (role: TRole): Promise<string> => {
    const email = `fuzz-${role}-${randomUUID().slice(0, 8)}@fuzz.example.com`;
    const row = await db.client.create({ data: { name: `Fuzz ${role}`, email, role, passwordHash } });
    own.add(row.id);
    return email;
  };
  let signIns = 0;
  const signIn = async (role: TRole): Promise<THeaders> => {
    signIns++;
    const email = await newAccount(role);
    const answer = await call({
      method: "POST",
      path: "/api/auth/sign_in",
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ email, password: FUZZ_PASSWORD })),
    });
    const headers = credentialsIn(answer.headers);
    if (answer.status !== 200 || !headers)
      throw new Error(`fuzz sign-in as ${role} failed: ${answer.status} ${answer.text.slice(0, 300)}`);
    sessions.set(role, headers);
    return headers;
  };
  const session = async (role: TRole) => sessions.get(role) ?? signIn(role);
  const settle = (role: TRole, sent: THeaders, answer: TRawAnswer) => {
    if (sessions.get(role) !== sent) return;
    const rotated = credentialsIn(answer.headers);
    if (rotated) sessions.set(role, rotated);
    // The request ended this session (signed out, deactivated, its email changed): a new one next time.
    else if (answer.status === 401) sessions.delete(role);
  };
  const authed = async (method: string, path: string, body?: unknown): Promise<TRawAnswer> => {
    const headers = await session("admin");
    const answer = await call({
      method,
      path,
      headers: { ...headers, ...(body ? { "content-type": JSONAPI_MEDIA_TYPE } : {}) },
      body: body ? Buffer.from(JSON.stringify(body)) : undefined,
    });
    settle("admin", headers, answer);
    return answer;
  };

  // ---- known records
  const known = new Map<string, number[]>();
  const knownIds = (type: string): readonly number[] => {
    const ids = known.get(type) ?? [];
    return type === "clients" ? ids.filter((id) => !own.has(id)) : ids;
  };
  const remember = (type: string, id: number) => {
    const ids = known.get(type) ?? [];
    if (!ids.includes(id) && ids.length < 50) ids.push(id);
    known.set(type, ids);
  };
  const idsOf = (answer: TRawAnswer): number[] => {
    const data = (answer.json as { data?: unknown } | undefined)?.data;
    const list = Array.isArray(data) ? data : data ? [data] : [];
    return list.flatMap((r) => {
      const id = Number((r as { id?: unknown }).id);
      return Number.isInteger(id) && id > 0 ? [id] : [];
    });
  };
  const readKnown = async () => {
    for (const def of Object.values(RESOURCES)) {
      if (!def.verbs.includes("list")) continue;
      const answer = await authed("GET", `/api/${def.type}?page[size]=50`);
      for (const id of idsOf(answer)) remember(def.type, id);
    }
  };
  const createPath = (def: TResourceDef): { path: string; skip: string[] } | undefined => {
    if (def.verbs.includes("create")) return { path: `/api/${def.type}`, skip: [] };
    const parent = (def.parents ?? []).find((p) => p.create && knownIds(p.type).length);
    const parentId = parent ? knownIds(parent.type)[0] : undefined;
    return parent && parentId
      ? { path: `/api/${parent.type}/${parentId}/${parent.path ?? def.type}`, skip: [parent.relationship] }
      : undefined;
  };
  const topUpFixtures = async () => {
    // Three rounds: a record whose required relationship names another type needs that type's first.
    for (let round = 0; round < 3; round++) {
      for (const def of Object.values(RESOURCES)) {
        if (knownIds(def.type).length >= 2) continue;
        const where = createPath(def);
        if (!where) continue;
        for (const all of [true, false]) {
          const body = {
            data: {
              type: def.type,
              attributes: plausibleAttributes(def, all),
              relationships: plausibleRelationships(def, knownIds, all, where.skip),
            },
          };
          const answer = await authed("POST", where.path, body);
          const [id] = idsOf(answer);
          if (answer.status === 201 && id) {
            remember(def.type, id);
            break;
          }
        }
      }
    }
  };

  // ---- row counts
  // Audited tables (docs/versions.md) are watched through the audit trail: any committed insert,
  // update or delete of theirs adds a `versions` row, so the newest version id stands for all of
  // them at the cost of one index lookup. The few tables without the trigger are counted.
  const unaudited = (
    await db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT IN ('_prisma_migrations', 'versions')
        AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'audit_version')
      ORDER BY 1`,
    )
  ).map((r) => r.name);
  const countSql = [
    ...unaudited.map((t) => `SELECT '${t}' AS name, count(*)::bigint AS n FROM "public"."${t}"`),
    `SELECT '#audited tables (newest version id)' AS name, COALESCE((SELECT max(id) FROM "public"."versions"), 0)::bigint AS n`,
    `SELECT '#permissions-revision' AS name, COALESCE((SELECT value FROM "public"."revisions" WHERE name = 'permissions'), 0)::bigint AS n`,
  ].join(" UNION ALL ");
  const counts = async () =>
    new Map(
      (await db.$queryRawUnsafe<{ name: string; n: bigint }[]>(countSql)).map((r) => [r.name, Number(r.n)]),
    );
  const writtenSince = async (versionId: number): Promise<string[]> =>
    (
      await db.$queryRawUnsafe<{ item_type: string; event: string; n: bigint }[]>(
        `SELECT item_type, event, count(*) AS n FROM "public"."versions" WHERE id > $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        versionId,
      )
    ).map((r) => `${r.item_type} ${r.event} ×${Number(r.n)}`);
  const quiet = async () => {
    const until = Date.now() + 60_000;
    while (
      (await db.backgroundTask.count({ where: { status: { in: ["queued", "running"] } } })) > 0 &&
      Date.now() < until
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  await readKnown();
  await topUpFixtures();

  return {
    database,
    base,
    db,
    serverErrors,
    send: call,
    session,
    settle,
    signIns: () => signIns,
    knownIds,
    topUpFixtures,
    counts,
    writtenSince,
    quiet,
    forget(type, id) {
      known.set(
        type,
        (known.get(type) ?? []).filter((x) => x !== id),
      );
    },
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await db.$disconnect();
      await database.drop();
    },
  };
};
