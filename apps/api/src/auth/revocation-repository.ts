import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { sqlPoolOf, type TDb } from "../db/client.js";
import { AppError } from "../errors/app-error.js";
import type { TTx } from "../db/client.js";

/**
 * Revocations for the session cache (docs/performance.md "Holding a verified session in
 * memory"). A write to `sessions`, to the account columns a request reads, or to `revisions`
 * changes what `findSessionForRequest` returns: it is a revocation. Its scope is the devices
 * whose session rows it touched, or every device ("*": accounts, permissions).
 *
 * The protocol (per scope key: "*" and each device):
 * - a revoker adds itself to `inflight` BEFORE its transaction commits, and after the commit
 *   (or the rollback) removes itself and increments `epoch`, both in one atomic step;
 * - a request may use a cached session row only if, read atomically, neither `inflight` of
 *   "*" nor of its device holds anyone and both epochs equal the ones read before the row
 *   was loaded from the database.
 * A revocation that committed before that read is then either still in flight (no cache), or
 * its epoch increment lies after the entry's load (epochs differ) or before it (the load saw
 * the commit). A revoker that dies between its commit and the increment leaves `inflight`
 * set until the key expires, an hour on: far longer than any cache entry lives.
 */
export type TRevocationScope = "*" | readonly string[];

export interface TRevocations {
  /** True when caches may rely on this channel (a shared Redis, or one process). */
  readonly coordinated: boolean;
  /** Before the commit. Throws (503) when the announcement cannot be made: nothing is committed then. */
  begin(scope: TRevocationScope): Promise<string>;
  /** After the commit or the rollback; never throws (a failure leaves the cache off, which is safe). */
  end(scope: TRevocationScope, id: string): Promise<void>;
  /** The epochs a cached row of `device` must match; null when a revocation is in flight or the channel is unreadable. */
  stamp(device: string): Promise<string | null>;
}

const INFLIGHT_TTL_S = 3600;
const DEVICE_EPOCH_TTL_S = 86_400;

const keysOf = (scope: TRevocationScope): string[] => (scope === "*" ? ["*"] : [...new Set(scope)]);

/** One process (the embedded database, tests): the same protocol in memory. */
export const memoryRevocations = (): TRevocations => {
  const inflight = new Map<string, Set<string>>();
  const epochs = new Map<string, number>();
  return {
    coordinated: true,
    begin(scope) {
      const id = randomUUID();
      for (const key of keysOf(scope)) {
        const set = inflight.get(key) ?? new Set<string>();
        set.add(id);
        inflight.set(key, set);
      }
      return Promise.resolve(id);
    },
    end(scope, id) {
      for (const key of keysOf(scope)) {
        const set = inflight.get(key);
        set?.delete(id);
        if (set && set.size === 0) inflight.delete(key);
        epochs.set(key, (epochs.get(key) ?? 0) + 1);
      }
      return Promise.resolve();
    },
    stamp(device) {
      if (inflight.has("*") || inflight.has(device)) return Promise.resolve(null);
      return Promise.resolve(`${epochs.get("*") ?? 0}:${epochs.get(device) ?? 0}`);
    },
  };
};

/** Keys per database (host, port, name): one Redis may serve several installations or test runs. */
const prefixOf = (db: TDb): string => {
  const url = sqlPoolOf(db)?.pool.options.connectionString;
  if (!url) return "crew:auth:";
  try {
    const u = new URL(url);
    return `crew:auth:${u.host}${u.pathname}:`;
  } catch {
    return "crew:auth:";
  }
};

// Read atomically (a script runs alone): both in-flight sets empty, then both epochs.
const STAMP_SCRIPT = `
if redis.call('EXISTS', KEYS[1], KEYS[2]) > 0 then return false end
return (redis.call('GET', KEYS[3]) or '0') .. ':' .. (redis.call('GET', KEYS[4]) or '0')`;

type TStampRedis = Redis & {
  crewAuthStamp(a: string, b: string, c: string, d: string): Promise<string | null>;
};

/** Several API processes: the protocol's state lives in the Redis they share. */
export const redisRevocations = (redis: Redis, prefix = "crew:auth:"): TRevocations => {
  const r = redis as TStampRedis;
  const inflightKey = (key: string) => `${prefix}inflight:${key}`;
  const epochKey = (key: string) => `${prefix}epoch:${key}`;
  if (typeof r.crewAuthStamp !== "function")
    redis.defineCommand("crewAuthStamp", { numberOfKeys: 4, lua: STAMP_SCRIPT });
  return {
    coordinated: true,
    async begin(scope) {
      const id = randomUUID();
      const multi = redis.multi();
      for (const key of keysOf(scope))
        multi.sadd(inflightKey(key), id).expire(inflightKey(key), INFLIGHT_TTL_S);
      try {
        const results = await multi.exec();
        if (!results || results.some(([error]) => error)) throw new Error("MULTI failed");
      } catch {
        throw new AppError(
          "UNAVAILABLE",
          "Sessions cannot be changed right now (Redis is unreachable). Please try again.",
        );
      }
      return id;
    },
    async end(scope, id) {
      const multi = redis.multi();
      for (const key of keysOf(scope)) {
        multi.srem(inflightKey(key), id).incr(epochKey(key));
        if (key !== "*") multi.expire(epochKey(key), DEVICE_EPOCH_TTL_S);
      }
      await multi.exec().catch(() => undefined);
    },
    async stamp(device) {
      // While Redis is away every request would wait for the reconnect: read the database instead.
      if (redis.status !== "ready") return null;
      return r
        .crewAuthStamp(inflightKey("*"), inflightKey(device), epochKey("*"), epochKey(device))
        .then((v) => v ?? null)
        .catch(() => null);
    },
  };
};

/** PostgreSQL without Redis: nothing to announce to, so no process may cache. */
const uncoordinated: TRevocations = {
  coordinated: false,
  begin: () => Promise.resolve(""),
  end: () => Promise.resolve(),
  stamp: () => Promise.resolve(null),
};

const registry = new WeakMap<TDb, TRevocations>();

/**
 * Called where a process assembles its dependencies (app, jobs): Redis when there is one on
 * PostgreSQL; the embedded database is one process and keeps the channel in memory.
 */
export const registerRevocations = (db: TDb, redis: Redis | null): TRevocations => {
  const existing = registry.get(db);
  if (existing && existing !== uncoordinated) return existing;
  const made = redis && !sqlPoolOf(db)?.embedded ? redisRevocations(redis, prefixOf(db)) : revocationsOf(db);
  registry.set(db, made);
  return made;
};

/**
 * The channel of `db`'s writers. The embedded database is one process: the in-memory one.
 * PostgreSQL without a registered Redis: uncoordinated (caches stay off). Every process that
 * writes accounts, sessions or permissions to a database whose API processes cache must
 * therefore run with REDIS_URL (docs/performance.md).
 */
export const revocationsOf = (db: TDb): TRevocations => {
  let found = registry.get(db);
  if (!found) {
    found = sqlPoolOf(db)?.embedded ? memoryRevocations() : uncoordinated;
    registry.set(db, found);
  }
  return found;
};

interface TPending {
  scope: TRevocationScope;
  id: string;
}

const parseMark = (mark: string | null): TRevocationScope | null => {
  if (!mark) return null;
  if (mark === "*") return "*";
  return mark.split(",").filter(Boolean);
};

/**
 * The last step inside a write transaction: reads which devices its writes touched (the
 * mark the trigger left), announces them, and lets the commit pass the guard. Returns what
 * `finish` must end after the transaction.
 */
export const announceMarked = async (db: TDb, tx: TTx): Promise<TPending | null> => {
  const rows = await tx.$queryRaw<{ mark: string | null }[]>`
    SELECT current_setting('crew.revokes', true) AS mark, set_config('crew.revocation', 'announced', true)`;
  const scope = parseMark(rows[0]?.mark ?? null);
  if (!scope) return null;
  const id = await revocationsOf(db).begin(scope);
  return { scope, id };
};

export const finishRevocation = async (db: TDb, pending: TPending | null): Promise<void> => {
  if (pending) await revocationsOf(db).end(pending.scope, pending.id);
};

/**
 * A write outside the kernel's runInTransaction (sessions, seeds, jobs) that may revoke:
 * one transaction, announced before it commits.
 */
export const withRevocation = async <T>(db: TDb, fn: (tx: TTx) => Promise<T>): Promise<T> => {
  let pending: TPending | null = null;
  try {
    return await db.$transaction(
      async (tx) => {
        const result = await fn(tx);
        pending = await announceMarked(db, tx);
        return result;
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  } finally {
    await finishRevocation(db, pending);
  }
};
