/**
 * `pnpm bench:load`: N concurrent clients (default 100), each with its own session, for T
 * seconds (default 60), mixing reads and writes on reference lists, ranks, crew users and the
 * fleet (owners, managers, vessels with their owner, manning scales) against a server on
 * loopback; then every write the server acknowledged (2xx) is read back: created and updated
 * records must hold what was written, deleted ones must be gone, and the rank order must stay
 * 1..n without gaps.
 *
 *   pnpm bench:load [--clients 100] [--seconds 60] [--url http://127.0.0.1:3000]
 *                   [--admin-email admin@example.com] [--admin-password Demo-Password-1]
 *                   [--api-processes 1] [--server-node-args "--cpu-prof"]
 *                   [--server-dir <another checkout>/apps/api]
 *
 * Without --url (or LOAD_URL) the bench starts the server itself (built as production runs it,
 * dist/main.js, in a process of its own, production settings; `--source`: src/main.ts under tsx) on a database of its own: a fresh database on the PostgreSQL
 * server DATABASE_URL names (dropped afterwards), else the embedded PGlite; with REDIS_URL set
 * the server gets it too (shared session-cache revocations, BullMQ), as in production.
 * `--api-processes N` starts it with API_PROCESSES=N (node:cluster, PostgreSQL + Redis only);
 * `--server-node-args` go to its `node` (`--cpu-prof`: a profile of the run; cluster workers inherit them).
 * `--server-dir` starts another checkout's server the same way (the tree before a change: run
 * both in turn, the machine's load then weighs on both alike).
 * The accounts are created through the API by the admin account given (the demo admin by
 * default). The server's and this process's CPU over the run come from /proc.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD, JSONAPI_MEDIA_TYPE } from "@crew/contracts";
import { rawHttpClient, type TRawAnswer } from "../test/fuzz/http-client.js";
import { buildApi, startApi, type TProcess } from "../test/support/api-process.js";
import { credentialsIn } from "../test/support/credentials.js";
import { throwawayDatabase, type TThrowawayDatabase } from "../test/support/throwaway-database.js";
import { quantile } from "./support/percentile.js";
import { cpuWindow, describeCpu, processTree } from "./support/proc-cpu.js";

type THeaders = Record<string, string>;
type TAnswer = TRawAnswer;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
const ACCOUNT_PASSWORD = "Load-Password-1";

// ---------------------------------------------------------------- HTTP

/** Up to 512 sockets: every client keeps one open, so the server sees the concurrency asked for. */
const http = rawHttpClient(512);

const call = (
  base: URL,
  method: string,
  path: string,
  headers: THeaders,
  body?: unknown,
): Promise<TAnswer> => {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return http.send(
    { host: base.hostname.replace(/^\[|\]$/g, ""), port: Number(base.port || 80) },
    {
      method,
      path,
      headers: { ...headers, ...(payload ? { "content-type": JSONAPI_MEDIA_TYPE } : {}) },
      body: payload,
    },
  );
};

/** One signed-in client: sends with its newest credentials and keeps the rotated ones. */
class Session {
  constructor(
    private readonly base: URL,
    private headers: THeaders,
  ) {}

  static async signIn(base: URL, email: string, password: string): Promise<Session> {
    const answer = await call(base, "POST", "/api/auth/sign_in", {}, { email, password });
    const headers = credentialsIn(answer.headers);
    if (answer.status !== 200 || !headers)
      throw new Error(`sign-in of ${email} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return new Session(base, headers);
  }

  async send(method: string, path: string, body?: unknown): Promise<TAnswer> {
    const answer = await call(this.base, method, path, this.headers, body);
    this.headers = credentialsIn(answer.headers) ?? this.headers;
    return answer;
  }
}

interface TResource {
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: unknown }>;
}
const isResource = (v: unknown): v is TResource =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { id?: unknown }).id === "string" &&
  typeof (v as { attributes?: unknown }).attributes === "object";
const dataOf = (answer: TAnswer): TResource | undefined => {
  const data = (answer.json as { data?: unknown } | undefined)?.data;
  return isResource(data) ? data : undefined;
};
const listOf = (answer: TAnswer): TResource[] => {
  const data = (answer.json as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data.filter(isResource) : [];
};
/** The id a to-one relationship links, as read back. */
const linkedId = (resource: TResource, name: string): string | undefined => {
  const data = resource.relationships?.[name]?.data;
  return typeof data === "object" && data !== null && typeof (data as { id?: unknown }).id === "string"
    ? (data as { id: string }).id
    : undefined;
};

// ---------------------------------------------------------------- bookkeeping

/** What the acknowledged writes say a record must look like now. */
interface TExpected {
  type: string;
  id: number;
  attributes: Record<string, unknown>;
  /** To-one linkage the create set: relationship name -> id. */
  relationships: Record<string, number>;
  deleted: boolean;
  /** Acknowledged writes of this record. */
  writes: number;
}

class Stats {
  readonly latencies: number[] = [];
  readonly byStatus = new Map<string, number>();
  readonly byOperation = new Map<string, number>();
  /** Each operation's latencies: which kind of request makes the tail. */
  readonly latenciesByOperation = new Map<string, number[]>();
  acknowledged = 0;
  count(op: string, status: number | string, ms: number) {
    this.latencies.push(ms);
    this.byStatus.set(String(status), (this.byStatus.get(String(status)) ?? 0) + 1);
    this.byOperation.set(op, (this.byOperation.get(op) ?? 0) + 1);
    const mine = this.latenciesByOperation.get(op) ?? [];
    mine.push(ms);
    this.latenciesByOperation.set(op, mine);
  }
}

/** A valid IMO number from a seven-digit-safe counter (check digit by the IMO rule). */
const imoFrom = (n: number): string => {
  const first6 = String(100_000 + (n % 900_000));
  const check = [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;
  return `${first6}${check}`;
};

// ---------------------------------------------------------------- the clients

interface TClient {
  index: number;
  session: Session;
  own: Map<string, number[]>;
  imoSeq: number;
}

type TOp = (c: TClient) => Promise<{ op: string; answer: TAnswer } | null>;

const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

const makeWorkload = (
  records: Map<string, TExpected>,
  rankIds: () => number[],
  stats: Stats,
): { op: TOp; weight: number }[] => {
  const remember = (
    c: TClient,
    type: string,
    id: number,
    attributes: Record<string, unknown>,
    relationships: Record<string, number> = {},
  ) => {
    records.set(`${type}:${id}`, { type, id, attributes, relationships, deleted: false, writes: 1 });
    c.own.set(type, [...(c.own.get(type) ?? []), id]);
  };
  const ack = (answer: TAnswer) => {
    const ok = answer.status >= 200 && answer.status < 300;
    if (ok) stats.acknowledged++;
    return ok;
  };
  const create =
    (
      type: string,
      path: string,
      attributes: (c: TClient) => Record<string, unknown>,
      relationships: (c: TClient) => Record<string, { type: string; id: number }> | null = () => ({}),
    ): TOp =>
    async (c) => {
      const rels = relationships(c);
      if (rels === null) return null;
      const attrs = attributes(c);
      const answer = await c.session.send("POST", path, {
        data: {
          type,
          attributes: attrs,
          relationships: Object.fromEntries(
            Object.entries(rels).map(([k, v]) => [k, { data: { type: v.type, id: String(v.id) } }]),
          ),
        },
      });
      const id = Number(dataOf(answer)?.id);
      if (ack(answer) && Number.isInteger(id)) {
        // The password is write-only: it is checked by signing in, not read back.
        const { password: _password, ...readable } = attrs;
        remember(c, type, id, readable, Object.fromEntries(Object.entries(rels).map(([k, v]) => [k, v.id])));
      }
      return { op: `POST ${path.replace(/\/\d+\//, "/{id}/")}`, answer };
    };
  const read =
    (path: () => string, label: string): TOp =>
    async (c) => ({ op: label, answer: await c.session.send("GET", path()) });
  const rename =
    (type: string): TOp =>
    async (c) => {
      const id = pick(c.own.get(type) ?? []);
      const record = id === undefined ? undefined : records.get(`${type}:${id}`);
      if (!record || record.deleted) return null;
      const title = `${type} ${randomUUID().slice(0, 12)}`;
      const answer = await c.session.send("PATCH", `/api/${type}/${id}`, {
        data: { type, id: String(id), attributes: { title } },
      });
      if (ack(answer)) {
        record.attributes.title = title;
        record.writes++;
      }
      return { op: `PATCH /api/${type}/{id}`, answer };
    };
  return [
    // Reads (about 70 %).
    { weight: 14, op: read(() => "/api/ranks", "GET /api/ranks") },
    { weight: 10, op: read(() => "/api/countries?page[size]=25&sort=name", "GET /api/countries") },
    {
      weight: 10,
      op: read(() => "/api/ports?include=country&page[size]=25", "GET /api/ports?include=country"),
    },
    {
      weight: 8,
      op: read(
        () => `/api/clients?filter[role]=${pick(["admin", "manager", "guest"])}`,
        "GET /api/clients?filter[role]",
      ),
    },
    {
      weight: 10,
      op: read(() => "/api/vessels?include=owner&page[size]=25&sort=-id", "GET /api/vessels?include=owner"),
    },
    { weight: 8, op: read(() => "/api/owners?page[size]=25&sort=-id", "GET /api/owners") },
    {
      weight: 10,
      op: async (c) => {
        const type = pick([...c.own.keys()]);
        const id = type ? pick(c.own.get(type) ?? []) : undefined;
        if (!type || id === undefined || records.get(`${type}:${id}`)?.deleted) return null;
        return {
          op: "GET /api/{type}/{id} (own record)",
          answer: await c.session.send("GET", `/api/${type}/${id}`),
        };
      },
    },
    // Writes (about 30 %).
    {
      weight: 6,
      op: create("vessel_types", "/api/vessel_types", () => ({ title: `Type ${randomUUID().slice(0, 12)}` })),
    },
    {
      weight: 4,
      op: create("owners", "/api/owners", () => ({
        title: `Owner ${randomUUID().slice(0, 12)}`,
        short_title: "LOAD",
      })),
    },
    {
      weight: 3,
      op: create("managers", "/api/managers", () => ({ title: `Manager ${randomUUID().slice(0, 12)}` })),
    },
    {
      weight: 4,
      // A vessel and its owner link (a record of its own) in one transaction.
      op: create(
        "vessels",
        "/api/vessels",
        (c) => ({ name: `MV Load ${randomUUID().slice(0, 8)}`, imo: imoFrom(c.imoSeq++) }),
        (c) => {
          const owner = pick(c.own.get("owners") ?? []);
          return owner === undefined ? null : { owner: { type: "owners", id: owner } };
        },
      ),
    },
    {
      weight: 3,
      op: async (c) => {
        const vessel = pick(c.own.get("vessels") ?? []);
        const rank = pick(rankIds());
        if (vessel === undefined || rank === undefined) return null;
        return create(
          "manning_scales",
          `/api/vessels/${vessel}/manning_scales`,
          () => ({}),
          () => ({ role: { type: "ranks", id: rank } }),
        )(c).then((r) => {
          const created = r ? dataOf(r.answer) : undefined;
          const record = created ? records.get(`manning_scales:${created.id}`) : undefined;
          if (record) record.relationships.vessel = vessel;
          return r;
        });
      },
    },
    {
      weight: 2,
      op: create("clients", "/api/clients", () => ({
        name: `Crew user ${randomUUID().slice(0, 8)}`,
        email: `load-${randomUUID().slice(0, 12)}@load.example.com`,
        role: "guest",
        password: ACCOUNT_PASSWORD,
      })),
    },
    {
      weight: 1,
      // At most one rank each: every rank write renumbers the order under one lock.
      op: async (c) =>
        (c.own.get("ranks") ?? []).length
          ? null
          : create("ranks", "/api/ranks", () => ({
              title: `Rank ${randomUUID().slice(0, 10)}`,
              department: "deck",
            }))(c),
    },
    {
      weight: 2,
      op: async (c) => {
        const id = pick(c.own.get("ranks") ?? []);
        if (id === undefined) return null;
        const answer = await c.session.send("PATCH", `/api/ranks/${id}`, {
          data: {
            type: "ranks",
            id: String(id),
            attributes: { crewing_priority: 1 + Math.floor(Math.random() * Math.max(rankIds().length, 1)) },
          },
        });
        ack(answer);
        const record = records.get(`ranks:${id}`);
        if (record && answer.status === 200) record.writes++;
        return { op: "PATCH /api/ranks/{id} (move)", answer };
      },
    },
    { weight: 2, op: rename("owners") },
    { weight: 2, op: rename("vessel_types") },
    {
      weight: 1,
      op: async (c) => {
        const ids = c.own.get("vessel_types") ?? [];
        const id = pick(ids);
        const record = id === undefined ? undefined : records.get(`vessel_types:${id}`);
        if (!record || record.deleted) return null;
        const answer = await c.session.send("DELETE", `/api/vessel_types/${id}`);
        if (ack(answer)) {
          record.deleted = true;
          record.writes++;
          c.own.set(
            "vessel_types",
            ids.filter((x) => x !== id),
          );
        }
        return { op: "DELETE /api/vessel_types/{id}", answer };
      },
    },
  ];
};

// ---------------------------------------------------------------- run

const mapLimit = async <T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<void>,
): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        const item = items[i];
        if (item !== undefined) await fn(item, i);
      }
    }),
  );
};

/** Compares a record read back with what its acknowledged writes say; returns what differs. */
const differences = (expected: TExpected, answer: TAnswer): string[] => {
  if (expected.deleted) return answer.status === 404 ? [] : [`deleted, yet GET answered ${answer.status}`];
  const data = dataOf(answer);
  if (answer.status !== 200 || !data) return [`GET answered ${answer.status}`];
  const out: string[] = [];
  for (const [name, value] of Object.entries(expected.attributes)) {
    if (data.attributes[name] !== value)
      out.push(`${name}: wrote ${JSON.stringify(value)}, read ${JSON.stringify(data.attributes[name])}`);
  }
  for (const [name, id] of Object.entries(expected.relationships)) {
    const linked = linkedId(data, name);
    if (linked !== String(id)) out.push(`${name}: linked ${id}, read ${String(linked)}`);
  }
  return out;
};

const main = async () => {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      clients: { type: "string", default: process.env.LOAD_CLIENTS ?? "100" },
      seconds: { type: "string", default: process.env.LOAD_SECONDS ?? "60" },
      url: { type: "string", default: process.env.LOAD_URL },
      "admin-email": { type: "string", default: "admin@example.com" },
      "admin-password": { type: "string", default: DEMO_PASSWORD },
      "api-processes": { type: "string", default: process.env.LOAD_API_PROCESSES ?? "1" },
      "server-node-args": { type: "string", default: process.env.LOAD_SERVER_NODE_ARGS },
      "server-dir": { type: "string", default: process.env.LOAD_SERVER_DIR },
      source: { type: "boolean", default: process.env.LOAD_SOURCE === "1" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(
      "pnpm bench:load [--clients 100] [--seconds 60] [--url http://127.0.0.1:PORT] [--admin-email E --admin-password P] [--api-processes N] [--server-node-args ARGS] [--server-dir <checkout>/apps/api] [--source]\nWithout --url: starts the server (its build; --source: src/ under tsx) on a database of its own (DATABASE_URL's server, else embedded PGlite; REDIS_URL passed on), with API_PROCESSES=N, its node started with ARGS; --server-dir starts another checkout's server instead (a before/after).",
    );
    return;
  }
  const clients = Number(values.clients);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(clients) || clients < 1 || !(seconds > 0))
    throw new Error("--clients takes a whole number, --seconds a positive number");

  let server: (TProcess & { url: string }) | undefined;
  let database: TThrowawayDatabase | undefined;
  let label: string;
  let base: URL;
  if (values.url) {
    base = new URL(values.url);
    if (!LOOPBACK.has(base.hostname))
      throw new Error(`bench:load runs on loopback only; ${base.hostname} is not`);
    label = `server at ${base.origin}`;
  } else {
    const env: Record<string, string> = {
      DATA_DIR: join(tmpdir(), `crew-load-${randomUUID().slice(0, 8)}`),
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
      // The load comes from one address: sign-in failures are not what is measured.
      SIGN_IN_RATE_LIMIT: "100000",
      API_PROCESSES: values["api-processes"],
    };
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
    // Without DATABASE_URL the server serves the embedded PGlite itself, from DATA_DIR.
    if (process.env.DATABASE_URL) {
      // Another checkout's server migrates its database itself, with its own migrations.
      database = await throwawayDatabase(process.env.DATABASE_URL, "crew_load", {
        migrate: !values["server-dir"],
      });
      env.DATABASE_URL = database.url;
    }
    const serverDir = values["server-dir"] ? resolve(values["server-dir"]) : undefined;
    if (!values.source) buildApi(serverDir);
    server = await startApi(env, {
      built: !values.source,
      // A first start writes the whole demo before it is ready: minutes on a busy machine.
      timeoutMs: 600_000,
      quiet: true,
      nodeArgs: values["server-node-args"]?.split(" ").filter(Boolean),
      dir: serverDir,
    }).catch(async (error: unknown) => {
      await database?.drop();
      throw error;
    });
    base = new URL(server.url);
    label = `own server (${serverDir ? `${serverDir}/` : ""}${values.source ? "src/main.ts under tsx" : "dist/main.js"}, production settings, request logs on, API_PROCESSES=${values["api-processes"]}${env.REDIS_URL ? ", Redis" : ""}) on ${database ? database.label : "embedded PGlite"}`;
  }

  try {
    const admin = await Session.signIn(base, values["admin-email"], values["admin-password"]);
    const runTag = randomUUID().slice(0, 6);
    console.log(`bench:load: ${clients} clients for ${seconds} s against ${label}`);
    console.log("creating the accounts through the API and signing each in…");
    const sessions: TClient[] = [];
    // One random start for the run and a slice of 4,000 IMO numbers per client: starts drawn
    // per client overlapped now and then, and the second vessel with a number was a 422.
    const imoBase = Math.floor(Math.random() * 400_000);
    await mapLimit(
      Array.from({ length: clients }, (_, i) => i),
      8,
      async (i) => {
        const email = `load-${runTag}-${i}@load.example.com`;
        const created = await admin.send("POST", "/api/clients", {
          data: {
            type: "clients",
            attributes: { name: `Load client ${i}`, email, role: "admin", password: ACCOUNT_PASSWORD },
          },
        });
        if (created.status !== 201)
          throw new Error(`creating ${email} answered ${created.status}: ${JSON.stringify(created.json)}`);
        sessions[i] = {
          index: i,
          session: await Session.signIn(base, email, ACCOUNT_PASSWORD),
          own: new Map(),
          imoSeq: imoBase + i * 4_000,
        };
      },
    );

    let ranks = listOf(await admin.send("GET", "/api/ranks?page[size]=999")).map((r) => Number(r.id));
    const records = new Map<string, TExpected>();
    const stats = new Stats();
    const workload = makeWorkload(records, () => ranks, stats);
    const totalWeight = workload.reduce((n, w) => n + w.weight, 0);
    const chooseOp = (): TOp => {
      let roll = Math.random() * totalWeight;
      for (const w of workload) if ((roll -= w.weight) < 0) return w.op;
      return workload[0]?.op ?? (async () => null);
    };
    let networkErrors = 0;
    const refreshRanks = setInterval(() => {
      admin.send("GET", "/api/ranks?page[size]=999").then(
        (a) => (ranks = listOf(a).map((r) => Number(r.id))),
        () => undefined,
      );
    }, 2_000);

    console.log("running…");
    const cpu = cpuWindow(server ? processTree(server.pid) : []);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      sessions.map(async (c) => {
        while (performance.now() < deadline) {
          const t = performance.now();
          try {
            const done = await chooseOp()(c);
            if (done) stats.count(done.op, done.answer.status, performance.now() - t);
          } catch {
            networkErrors++;
            stats.count("network error", "network error", performance.now() - t);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpuUsed = cpu();
    clearInterval(refreshRanks);

    console.log(`reading back ${records.size} records written by acknowledged writes…`);
    const lost: string[] = [];
    let found = 0;
    const all = [...records.values()];
    await mapLimit(all, Math.min(clients, 32), async (expected, i) => {
      const reader = sessions[i % sessions.length]?.session ?? admin;
      const answer = await reader.send("GET", `/api/${expected.type}/${expected.id}`);
      const diff = differences(expected, answer);
      if (diff.length)
        lost.push(
          `${expected.type} ${expected.id} (${expected.writes} acknowledged writes): ${diff.join("; ")}`,
        );
      else found += expected.writes;
    });
    const order = listOf(await admin.send("GET", "/api/ranks?page[size]=999"))
      .map((r) => Number(r.attributes.crewing_priority))
      .sort((a, b) => a - b);
    const contiguous = order.every((p, i) => p === i + 1);

    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const total = stats.latencies.length;
    const errors = [...stats.byStatus].filter(([s]) => !/^2\d\d$/.test(s)).sort();
    const lostWrites = stats.acknowledged - found;
    console.log(`\nbench:load — ${clients} clients, ${elapsed.toFixed(1)} s, ${label}`);
    console.log(`requests: ${total}, ${(total / elapsed).toFixed(0)} requests/s`);
    console.log(
      `latency: p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    console.log(
      `answers by status: ${[...stats.byStatus]
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(", ")}`,
    );
    console.log(
      `errors by status: ${errors.length ? errors.map(([s, n]) => `${s}: ${n}`).join(", ") : "none"}${networkErrors ? ` (network errors ${networkErrors})` : ""}`,
    );
    console.log(
      `by operation: ${[...stats.byOperation]
        .sort(([, a], [, b]) => b - a)
        .map(([o, n]) => `${o} ${n}`)
        .join(", ")}`,
    );
    console.log("latency by operation (p50 / p95 ms):");
    for (const [op, values] of [...stats.latenciesByOperation].sort(([a], [b]) => a.localeCompare(b))) {
      const s = [...values].sort((a, b) => a - b);
      console.log(
        `  ${op.padEnd(44)} ${quantile(s, 0.5).toFixed(0).padStart(6)} / ${quantile(s, 0.95).toFixed(0).padStart(6)}`,
      );
    }
    console.log(
      `rank order after the run: ${order.length} ranks, ${contiguous ? "1..n without gaps or repeats" : `BROKEN: ${order.join(",")}`}`,
    );
    console.log(`acknowledged writes: ${stats.acknowledged}, found: ${found}, lost: ${lostWrites}`);
    console.log(`cpu over the run: ${describeCpu(cpuUsed)}`);
    for (const l of lost.slice(0, 50)) console.log(`  LOST ${l}`);
    if (lostWrites > 0 || !contiguous) process.exitCode = 1;
  } finally {
    http.close();
    if (server) {
      await server.stop(30_000);
      if (process.exitCode) console.log(server.output().split("\n").slice(-20).join("\n"));
    }
    await database?.drop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
