import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AUTH_HEADERS } from "@crew/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TProcess } from "../support/api-process.js";
import { throwawayDatabase, type TThrowawayDatabase } from "../support/throwaway-database.js";
import { PG_SERVER, REDIS_URL, SKIP_REASON, eventually, tag, type THeaders } from "./fault-support.js";

/**
 * API_PROCESSES=2 (src/api-cluster.ts): the real entry (src/main.ts) as a node:cluster primary
 * with two workers on one PostgreSQL database of its own and Redis. Each request goes on a new
 * connection (the primary hands connections out in turn), and under NODE_ENV=test every answer
 * names the worker that gave it (`x-api-pid`).
 */
const PASSWORD = "Cluster-Password-1";

interface TAnswer {
  status: number;
  pid: number;
  headers: THeaders;
  body: string;
}

/** One request on a connection of its own (no keep-alive: the next may reach the other worker). */
const once = (base: string, method: string, path: string, headers: THeaders = {}, body?: unknown) =>
  new Promise<TAnswer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const flat: THeaders = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") flat[k] = v;
          resolve({
            status: res.statusCode ?? 0,
            pid: Number(res.headers["x-api-pid"]),
            headers: flat,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer within 10 s`)));
    req.on("error", reject);
    req.end(payload);
  });

/** The session's newest credentials (tokens rotate; devise_token_auth's headers). */
const credentialsOf = (answer: TAnswer, previous: THeaders): THeaders => {
  const found: THeaders = {};
  for (const name of AUTH_HEADERS) {
    const value = answer.headers[name];
    if (!value) return previous;
    found[name] = value;
  }
  return found;
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let database: TThrowawayDatabase;
let api: TProcess & { url: string };
const email = `cluster-${tag()}@cluster.example.com`;

describe.skipIf(SKIP_REASON !== undefined)(
  `API_PROCESSES=2${SKIP_REASON ? ` (skipped: ${SKIP_REASON})` : ""}`,
  () => {
    beforeAll(async () => {
      database = await throwawayDatabase(PG_SERVER, "crew_cluster");
      api = await startApi({
        NODE_ENV: "test",
        API_PROCESSES: "2",
        DATABASE_URL: database.url,
        REDIS_URL: REDIS_URL ?? "",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        DATA_DIR: join(tmpdir(), `crew-cluster-${tag()}`),
        SEED_DEMO: "false",
        // The primary writes the first account once, before it forks.
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: PASSWORD,
        SIGN_IN_RATE_LIMIT: "1000",
      });
    }, 120_000);

    afterAll(async () => {
      await api?.stop(30_000);
      await database?.drop();
    });

    const pidsSeen = new Set<number>();

    it("answers from two worker processes, neither of them the primary", async () => {
      await eventually("answers from two workers", async () => {
        const answer = await once(api.url, "GET", "/api/health");
        expect(answer.status).toBe(200);
        pidsSeen.add(answer.pid);
        return pidsSeen.size >= 2;
      });
      expect(pidsSeen.size).toBe(2);
      for (const pid of pidsSeen) {
        expect(Number.isInteger(pid) && pid > 0).toBe(true);
        expect(pid).not.toBe(api.pid);
      }
    });

    it("refuses a signed-out session on the next request, whichever process gets it", async () => {
      const signIn = await once(api.url, "POST", "/api/auth/sign_in", {}, { email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      let headers = credentialsOf(signIn, {});
      expect(Object.keys(headers)).toHaveLength(AUTH_HEADERS.length);
      // Both workers answer (and so hold the session in their cache, SESSION_CACHE_MS 3000).
      const served = new Set<number>();
      await eventually("the session used on both workers", async () => {
        const me = await once(api.url, "GET", "/api/clients/me", headers);
        expect(me.status).toBe(200);
        headers = credentialsOf(me, headers);
        served.add(me.pid);
        return served.size >= 2;
      });
      const signOut = await once(api.url, "DELETE", "/api/auth/sign_out", headers);
      expect(signOut.status).toBe(200);
      const refusedBy = new Set<number>();
      await eventually(
        "the signed-out session refused by both workers",
        async () => {
          const me = await once(api.url, "GET", "/api/clients/me", headers);
          expect(me.status).toBe(401);
          refusedBy.add(me.pid);
          return refusedBy.size >= 2;
        },
        2_500,
        0,
      );
    });

    it("starts another worker when one dies", async () => {
      const [victim, survivor] = [...pidsSeen];
      if (victim === undefined || survivor === undefined) throw new Error("no two workers seen");
      process.kill(victim, "SIGKILL");
      const now = new Set<number>();
      // A new worker loads the whole app (under tsx here): seconds on a busy machine.
      await eventually(
        "two live workers again",
        async () => {
          const answer = await once(api.url, "GET", "/api/health").catch(() => null);
          if (answer?.status === 200) now.add(answer.pid);
          return now.size >= 2;
        },
        80_000,
      );
      expect(now.has(victim)).toBe(false);
      expect(now.has(survivor)).toBe(true);
      pidsSeen.clear();
      for (const pid of now) pidsSeen.add(pid);
    }, 90_000);

    it("stops every process on SIGTERM, exiting 0", async () => {
      api.child.kill("SIGTERM");
      expect(await api.exited).toBe(0);
      for (const pid of pidsSeen) expect(alive(pid)).toBe(false);
      await expect(once(api.url, "GET", "/api/health")).rejects.toThrow();
    });
  },
);
