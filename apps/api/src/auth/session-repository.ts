import type { TDb } from "../db/client.js";
import type { Prisma } from "../generated/prisma/client.js";
import type { TAccountFields } from "./current-user.js";

/** What one authenticated request needs, read in one round trip (session, account, permissions revision). */
export interface TSessionRow extends Omit<TAccountFields, "id"> {
  sessionId: number;
  tokenHash: string;
  previousTokenHash: string | null;
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

/**
 * The per-request lookup. One query joins the session, its account and the permissions
 * revision so a request that needs no rotation costs a single round trip; the permission
 * map itself then comes from the in-process cache keyed by that revision. (The revision
 * as a scalar subquery plans faster than a third join: the query is planned per call.)
 * Tables are named with their schema as Prisma's own queries name them, so a session's
 * search_path cannot point this query at other tables than the rest of the app.
 */
export const findSessionForRequest = async (db: TDb, device: string): Promise<TSessionRow | null> => {
  const rows = await db.$queryRaw<TSessionRow[]>`
    SELECT s.id AS "sessionId", s.token_hash AS "tokenHash", s.previous_token_hash AS "previousTokenHash",
           s.rotated_at AS "rotatedAt", s.expires_at AS "expiresAt",
           c.id AS "clientId", c.name, c.email, c.role, c.status, c.avatar, c.equasis_email AS "equasisEmail",
           COALESCE((SELECT r.value FROM "public"."revisions" r WHERE r.name = 'permissions'), 0::bigint) AS "revision"
      FROM "public"."sessions" s
      JOIN "public"."clients" c ON c.id = s.client_id
     WHERE s.device = ${device}`;
  return rows[0] ?? null;
};

/**
 * Creates a device session and keeps at most `maxDevices` per account: expired sessions
 * go first, then the oldest beyond the limit (created_at, id as the tie-break).
 */
export const createSession = (db: TDb, s: TNewSession, maxDevices: number): Promise<{ id: number }> =>
  db.$transaction(async (tx) => {
    await tx.session.deleteMany({ where: { clientId: s.clientId, expiresAt: { lte: s.now } } });
    const created = await tx.session.create({
      data: { clientId: s.clientId, device: s.device, tokenHash: s.tokenHash, rotatedAt: s.now, createdAt: s.now, expiresAt: s.expiresAt },
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
 * Replaces the current token hash, keeping the replaced one for the grace window. The
 * condition on the current hash makes concurrent rotations safe: only one request wins,
 * the others see `false` and carry on as holders of the (now previous) token.
 */
export const rotateSessionToken = async (
  db: TDb,
  r: { sessionId: number; currentHash: string; newHash: string; now: Date; expiresAt: Date },
): Promise<boolean> => {
  const { count } = await db.session.updateMany({
    where: { id: r.sessionId, tokenHash: r.currentHash },
    data: { tokenHash: r.newHash, previousTokenHash: r.currentHash, rotatedAt: r.now, expiresAt: r.expiresAt },
  });
  return count === 1;
};

export const deleteSession = async (db: TDb, sessionId: number): Promise<void> => {
  await db.session.deleteMany({ where: { id: sessionId } });
};

/** Ends every session of an account (sign-out everywhere, deactivation). */
export const deleteSessionsOfClient = async (db: TDbOrTx, clientId: number): Promise<number> => {
  const { count } = await db.session.deleteMany({ where: { clientId } });
  return count;
};
