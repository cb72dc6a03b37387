/**
 * `pnpm bench:statements`: the SQL statements each request of `bench:load`'s mix sends, in the
 * order they are sent, and which of them were sent while another of the same request was still
 * out (marked `‖`: side by side on the pool). Under load a request waits for the event loop and
 * for a pool connection at every statement it sends after another's answer, so this count, not
 * only the CPU, decides its latency (docs/performance.md "Side by side").
 *
 * A throwaway database (DATABASE_URL's server, else an in-memory PGlite) with a small fleet; the
 * real app in this process; each request sent once to warm up, then once traced.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { hashPassword } from "../src/auth/passwords.js";
import { createDb } from "../src/db/client.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { fleetScalePart } from "../src/seed/scale/fleet.js";
import { credentialsIn } from "../test/support/credentials.js";
import { throwawayDatabase } from "../test/support/throwaway-database.js";
import { serveApp } from "./support/in-process-app.js";

const EMAIL = "bench-admin@example.com";
const PASSWORD = "Bench-Password-1";

// ------------------------------------------------------------------ the statement log

let log: string[] | null = null;
let outstanding = 0;
type TQuery = (...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: TQuery };
const original = proto.query;
proto.query = function (this: unknown, ...args: unknown[]): unknown {
  if (!log) return original.apply(this, args);
  const first = args[0];
  const text =
    typeof first === "string"
      ? first
      : typeof first === "object" && first !== null && "text" in first && typeof first.text === "string"
        ? first.text
        : "?";
  log.push(`${outstanding > 0 ? "‖" : " "} ${text.replace(/\s+/g, " ").trim().slice(0, 140)}`);
  outstanding++;
  const done = (): void => {
    outstanding--;
  };
  // The pool passes a callback; Prisma's adapter awaits the promise.
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === "function")
    args[last] = (...a: unknown[]): unknown => {
      done();
      return (callback as (...b: unknown[]) => unknown)(...a);
    };
  const out = original.apply(this, args);
  if (out instanceof Promise) out.then(done, done);
  else if (typeof callback !== "function") done();
  return out;
};

// ------------------------------------------------------------------ the requests

const imoFrom = (n: number): string => {
  const first6 = String(100_000 + (n % 900_000));
  const check = [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;
  return `${first6}${check}`;
};

const main = async (): Promise<void> => {
  const database = await throwawayDatabase(process.env.DATABASE_URL, "crew_bench_statements");
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-statements-"));
  const db = createDb(database.url, database.embedded);
  try {
    await ensurePermissionRecords(db);
    await db.client.create({
      data: { name: "Bench Admin", email: EMAIL, role: "admin", passwordHash: await hashPassword(PASSWORD) },
    });
    await fleetScalePart.run({
      db,
      flags: { vessels: 5, "manning-rows": 50 },
      embedded: database.embedded,
      log: () => undefined,
    });
    const server = await serveApp(db, database.embedded, dataDir);
    const signIn = await fetch(`${server.origin}/api/auth/sign_in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    let headers: Record<string, string> = credentialsIn(signIn.headers) ?? {};
    const send = async (
      method: string,
      path: string,
      body?: unknown,
    ): Promise<{ status: number; id?: string }> => {
      const res = await fetch(`${server.origin}${path}`, {
        method,
        headers: { ...headers, "content-type": "application/vnd.api+json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      headers = credentialsIn(res.headers) ?? headers;
      const text = await res.text();
      const parsed = text ? (JSON.parse(text) as { data?: { id?: string } }) : {};
      if (res.status >= 400) console.log(`  (${method} ${path}: ${text.slice(0, 300)})`);
      return { status: res.status, ...(parsed.data?.id ? { id: parsed.data.id } : {}) };
    };
    // Clear of the seeded fleet's numbers.
    let imo = 700_000 + Math.floor(Math.random() * 100_000);
    const owner = await send("POST", "/api/owners", {
      data: { type: "owners", attributes: { title: "Bench Owner", short_title: "BO" } },
    });
    const vessel = await send("POST", "/api/vessels", {
      data: { type: "vessels", attributes: { name: "MV Bench", imo: imoFrom(imo++) } },
    });
    const rank = "1";
    const cases: [string, string, () => string, (() => unknown)?][] = [
      ["GET /api/ranks", "GET", () => "/api/ranks"],
      ["GET /api/ports?include=country", "GET", () => "/api/ports?include=country&page[size]=25"],
      ["GET /api/vessels?include=owner", "GET", () => "/api/vessels?include=owner&page[size]=25&sort=-id"],
      ["GET /api/vessels/{id}", "GET", () => `/api/vessels/${vessel.id}`],
      [
        "POST /api/vessel_types",
        "POST",
        () => "/api/vessel_types",
        () => ({
          data: { type: "vessel_types", attributes: { title: `Type ${randomUUID().slice(0, 12)}` } },
        }),
      ],
      [
        "PATCH /api/owners/{id}",
        "PATCH",
        () => `/api/owners/${owner.id}`,
        () => ({
          data: { type: "owners", id: owner.id, attributes: { title: `Owner ${randomUUID().slice(0, 8)}` } },
        }),
      ],
      [
        "POST /api/vessels",
        "POST",
        () => "/api/vessels",
        () => ({
          data: {
            type: "vessels",
            attributes: { name: `MV ${randomUUID().slice(0, 8)}`, imo: imoFrom(imo++) },
            relationships: { owner: { data: { type: "owners", id: owner.id } } },
          },
        }),
      ],
      [
        "POST /api/vessels/{id}/manning_scales",
        "POST",
        () => `/api/vessels/${vessel.id}/manning_scales`,
        () => ({
          data: {
            type: "manning_scales",
            attributes: {},
            relationships: { role: { data: { type: "ranks", id: rank } } },
          },
        }),
      ],
    ];
    for (const [label, method, path, body] of cases) {
      await send(method, path(), body?.());
      log = [];
      const answer = await send(method, path(), body?.());
      const lines = log;
      log = null;
      const sideBySide = lines.filter((l) => l.startsWith("‖")).length;
      console.log(`\n${label}: ${answer.status}, ${lines.length} statements (${sideBySide} side by side)`);
      for (const line of lines) console.log(`  ${line}`);
    }
    server.close();
  } finally {
    await db.$disconnect();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
