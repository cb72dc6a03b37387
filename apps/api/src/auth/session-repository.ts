import { sqlPoolOf, type TDb } from "../db/client.js";
import type { Prisma } from "../generated/prisma/client.js";
import type { TAccountFields } from "./current-user.js";
import { withRevocation } from "./revocation-repository.js";

/** What one authenticated request needs, read in one round trip (session, account, permissions revision). */
export interface TSessionRow extends Omit<TAccountFields, "id"> {
  sessionId: number;
  tokenHash: string;
  previousTokenHash: string | null;
  /** null: the current token has not been used yet, so its answer may have been lost. */
  previousValidUntil: Date | null;
  rotatedAt: Date;
  expiresAt: Date;
  clientId: number;
  revision: bigint;
}

export interface TNewSession {
  clientId: number;
  device: string;
  tokenHash: string;
  now: Date;
  expiresAt: Date;
}

type TDbOrTx = TDb | Prisma.TransactionClient;

const SESSION_SQL = `
    SELECT s.id AS "sessionId", s.token_hash AS "tokenHash", s.previous_token_hash AS "previousTokenHash",
           (extract(epoch FROM s.previous_valid_until) * 1000)::float8 AS "previousValidUntilMs",
           (extract(epoch FROM s.rotated_at) * 1000)::float8 AS "rotatedAtMs", (extract(epoch FROM s.expires_at) * 1000)::float8 AS "expiresAtMs",
           c.id AS "clientId", c.name, c.email, c.role, c.status, c.avatar, c.equasis_email AS "equasisEmail",
           COALESCE((SELECT r.value FROM "public"."revisions" r WHERE r.name = 'permissions'), 0::bigint)::text AS "revision"
      FROM "public"."sessions" s
      JOIN "public"."clients" c ON c.id = s.client_id
     WHERE s.device = $1`;

/** The row as pg hands it over: times as epoch milliseconds (the columns hold UTC without a zone), the revision as text. */
interface TRawSessionRow extends Omit<
  TSessionRow,
  "previousValidUntil" | "rotatedAt" | "expiresAt" | "revision"
> {
  previousValidUntilMs: number | null;
  rotatedAtMs: number;
  expiresAtMs: number;
  revision: string;
}

/**
 * The per-request lookup. One query joins the session, its account and the permissions
 * revision so a request that needs no rotation costs a single round trip; the permission
 * map itself then comes from the in-process cache keyed by that revision. (The revision
 * as a scalar subquery plans faster than a third join: the query is planned per call.)
 * Tables are named with their schema as Prisma's own queries name them, so a session's
 * search_path cannot point this query at other tables than the rest of the app.
 *
 * Every authenticated request makes this query, so it goes to the pg pool under the Prisma
 * client directly, as one named (prepared) statement: through Prisma it cost about 0.3 ms
 * more CPU per request than the query itself (bench:cost). Same pool, same connections.
 */
export const findSessionForRequest = async (db: TDb, device: string): Promise<TSessionRow | null> => {
  const sql = sqlPoolOf(db);
  const rows = sql
    ? (
        await sql.pool.query<TRawSessionRow>({
          ...(sql.embedded ? {} : { name: "crew_session_for_request" }),
          text: SESSION_SQL,
          values: [device],
        })
      ).rows
    : await db.$queryRawUnsafe<TRawSessionRow[]>(SESSION_SQL, device);
  const row = rows[0];
  if (!row) return null;
  const { previousValidUntilMs, rotatedAtMs, expiresAtMs, revision, ...rest } = row;
  return {
    ...rest,
    previousValidUntil: previousValidUntilMs === null ? null : new Date(previousValidUntilMs),
    rotatedAt: new Date(rotatedAtMs),
    expiresAt: new Date(expiresAtMs),
    revision: BigInt(revision),
  };
};

/**
 * Creates a device session and keeps at most `maxDevices` per account: expired sessions
 * go first, then the oldest beyond the limit (created_at, id as the tie-break).
 */
export const createSession = (db: TDb, s: TNewSession, maxDevices: number): Promise<{ id: number }> =>
  // Deleting expired and surplus sessions revokes them (auth/revocation-repository.ts).
  withRevocation(db, async (tx) => {
    await tx.session.deleteMany({ where: { clientId: s.clientId, expiresAt: { lte: s.now } } });
    const created = await tx.session.create({
      data: {
        clientId: s.clientId,
        device: s.device,
        tokenHash: s.tokenHash,
        rotatedAt: s.now,
        createdAt: s.now,
        expiresAt: s.expiresAt,
      },
      select: { id: true },
    });
    await evictBeyond(tx, s.clientId, maxDevices);
    return created;
  });

const evictBeyond = async (tx: TDbOrTx, clientId: number, maxDevices: number): Promise<void> => {
  const surplus = await tx.session.findMany({
    where: { clientId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: maxDevices,
    select: { id: true },
  });
  if (surplus.length > 0) await tx.session.deleteMany({ where: { id: { in: surplus.map((r) => r.id) } } });
};

/**
 * Replaces the current token hash. `previousHash` stays accepted until the new token is first
 * used (previous_valid_until null): normally the token just replaced; after a lost answer, the
 * older token its holder still sends. The condition on the current hash makes concurrent
 * rotations safe: only one request wins, the others see `false` and carry on as holders of
 * the previous token.
 */
export const rotateSessionToken = async (
  db: TDb,
  r: {
    sessionId: number;
    currentHash: string;
    previousHash: string;
    newHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<boolean> => {
  const { count } = await withRevocation(db, (tx) =>
    tx.session.updateMany({
      where: { id: r.sessionId, tokenHash: r.currentHash },
      data: {
        tokenHash: r.newHash,
        previousTokenHash: r.previousHash,
        previousValidUntil: null,
        rotatedAt: r.now,
        expiresAt: r.expiresAt,
      },
    }),
  );
  return count === 1;
};

/**
 * The first use of a rotated token: its answer arrived, so the replaced token now lives only
 * for the grace window (parallel requests sent with it are still in flight).
 */
export const closePreviousToken = async (
  db: TDb,
  r: { sessionId: number; currentHash: string; until: Date },
): Promise<void> => {
  await withRevocation(db, (tx) =>
    tx.session.updateMany({
      where: { id: r.sessionId, tokenHash: r.currentHash, previousValidUntil: null },
      data: { previousValidUntil: r.until },
    }),
  );
};

export const deleteSession = async (db: TDb, sessionId: number): Promise<void> => {
  await withRevocation(db, (tx) => tx.session.deleteMany({ where: { id: sessionId } }));
};

/** Ends every session of an account (sign-out everywhere, deactivation); inside runInTransaction, which announces it. */
export const deleteSessionsOfClient = async (db: TDbOrTx, clientId: number): Promise<number> => {
  const { count } = await db.session.deleteMany({ where: { clientId } });
  return count;
};
