import { MAX_DEVICES_PER_ACCOUNT, SESSION_LIFETIME_MS, TOKEN_ROTATION_GRACE_MS } from "@crew/contracts";
import type { Request } from "express";
import type { TDeps } from "../deps.js";
import { AppError } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import { createPermissionCache } from "../permissions/permission-cache.js";
import { permissionsRevision, type TAccount } from "./account-repository.js";
import { readCredentials, type TCredentials } from "./auth-headers.js";
import { isDeactivated, toActor } from "./current-user.js";
import { registerRevocations } from "./revocation-repository.js";
import {
  closePreviousToken,
  createSession,
  deleteSession,
  findSessionForRequest,
  rotateSessionToken,
  type TSessionRow,
} from "./session-repository.js";
import { hashToken, newDevice, newToken, sameHash } from "./tokens.js";

/** Credentials to send back; null when the answer must not touch the client's stored ones. */
export type TIssued = (TCredentials & { expiresAt: Date }) | null;

export interface TAuthenticated {
  actor: TActor;
  issued: TIssued;
}

/**
 * A rotation or the close of a previous token waits when the revocation channel cannot take
 * its announcement (Redis away): the request is served with the token it brought instead of
 * failing; the next one tries again.
 */
const unlessUnannounced =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (error instanceof AppError && error.code === "UNAVAILABLE") return fallback;
    throw error;
  };

export const DEACTIVATED_DETAIL = "This account is deactivated. Ask an administrator to reactivate it.";
const EXPIRED_DETAIL = "Your session has expired. Please sign in again.";

/**
 * Sessions in the devise_token_auth manner: one row per device (the `client` header),
 * tokens rotated at most every TOKEN_ROTATION_GRACE_MS. The replaced token stays accepted
 * until the new one is first used, then for TOKEN_ROTATION_GRACE_MS more (browsers send
 * requests in parallel). A request with the replaced token while the new one has never been
 * used means the answer that carried it was lost (a cancelled request, a dropped connection):
 * once the grace window since the rotation has passed, that request gets a fresh token, so
 * the client recovers instead of being signed out. The clock is a function read at each use
 * (Date.now() by default), so tests move time with faked Date instead of sleeping.
 */
export const createSessionService = (deps: TDeps, now: () => number = () => Date.now()) => {
  const permissions = createPermissionCache(deps.db);
  const hash = (token: string) => hashToken(deps.sessionSecret, token);
  const rows = sessionRowCache(deps, now);

  return {
    /** Opens a session for an account that has just proved who it is. */
    async start(account: TAccount): Promise<{ actor: TActor; issued: NonNullable<TIssued> }> {
      if (isDeactivated(account)) throw AppError.unauthorized(DEACTIVATED_DETAIL);
      const at = now();
      const accessToken = newToken();
      const device = newDevice();
      const expiresAt = new Date(at + SESSION_LIFETIME_MS);
      const [session, revision] = await Promise.all([
        createSession(
          deps.db,
          { clientId: account.id, device, tokenHash: hash(accessToken), now: new Date(at), expiresAt },
          MAX_DEVICES_PER_ACCOUNT,
        ),
        permissionsRevision(deps.db),
      ]);
      const map = await permissions.mapFor(account, revision);
      return {
        actor: toActor(account, map, session.id),
        issued: { accessToken, device, uid: account.email, expiresAt },
      };
    },

    /**
     * Checks a request's credentials; with `rotate`, replaces a token older than the grace
     * window. Throws a 401 AppError when the request is not signed in.
     */
    async authenticate(req: Pick<Request, "headers">, opts: { rotate: boolean }): Promise<TAuthenticated> {
      const credentials = readCredentials(req);
      if (!credentials) throw AppError.unauthorized();
      const row = await rows.find(credentials.device);
      if (!row || row.email.toLowerCase() !== credentials.uid.toLowerCase()) throw AppError.unauthorized();

      const at = now();
      const presented = hash(credentials.accessToken);
      const sinceRotation = at - row.rotatedAt.getTime();
      const isCurrent = sameHash(presented, row.tokenHash);
      const newTokenUnused = row.previousValidUntil === null;
      const isPrevious =
        !isCurrent &&
        sameHash(presented, row.previousTokenHash) &&
        (newTokenUnused || at < (row.previousValidUntil?.getTime() ?? 0));
      if (!isCurrent && !isPrevious) throw AppError.unauthorized();
      if (row.expiresAt.getTime() <= at) throw AppError.unauthorized(EXPIRED_DETAIL);
      if (isDeactivated(row)) throw AppError.unauthorized(DEACTIVATED_DETAIL);

      const map = await permissions.mapFor({ id: row.clientId, role: row.role }, row.revision);
      const actor = toActor({ ...row, id: row.clientId }, map, row.sessionId);
      const uid = row.email;

      const rotationDue = opts.rotate && sinceRotation >= TOKEN_ROTATION_GRACE_MS;
      if (!isCurrent) {
        // Within the window a holder of the previous token gets no credentials back: sending
        // the old token would make the client overwrite the newer one it already stored from
        // the parallel answer. Past it, with the new token never used, that answer was lost.
        if (!(rotationDue && newTokenUnused)) return { actor, issued: null };
      } else if (!rotationDue) {
        if (newTokenUnused && row.previousTokenHash !== null) {
          await closePreviousToken(deps.db, {
            sessionId: row.sessionId,
            currentHash: row.tokenHash,
            until: new Date(at + TOKEN_ROTATION_GRACE_MS),
          }).catch(unlessUnannounced(undefined));
        }
        return { actor, issued: { ...credentials, uid, expiresAt: row.expiresAt } };
      }
      const accessToken = newToken();
      const expiresAt = new Date(at + SESSION_LIFETIME_MS);
      const rotated = await rotateSessionToken(deps.db, {
        sessionId: row.sessionId,
        currentHash: row.tokenHash,
        // A recovering holder keeps its token usable until it uses the fresh one.
        previousHash: isCurrent ? row.tokenHash : presented,
        newHash: hash(accessToken),
        now: new Date(at),
        expiresAt,
      }).catch(unlessUnannounced(false));
      // Lost a race (or the rotation could not be announced: the token stays as it is) with a parallel request that rotated first: this token is now the previous one.
      if (!rotated) return { actor, issued: null };
      return { actor, issued: { accessToken, device: credentials.device, uid, expiresAt } };
    },

    async end(sessionId: number): Promise<void> {
      await deleteSession(deps.db, sessionId);
    },
  };
};
export type TSessionService = ReturnType<typeof createSessionService>;

const MAX_CACHED_DEVICES = 10_000;

interface TCachedRow {
  row: TSessionRow;
  stamp: string;
  loadedAt: number;
}

/**
 * The session lookup, answered from memory when provably current (docs/performance.md
 * "Holding a verified session in memory"): an entry is used only if the revocation channel,
 * read now, shows no revocation in flight for its device or for everyone and the same epochs
 * as were read BEFORE the entry was loaded. The decisions (token, expiry, rotation) are made
 * on the row exactly as on a fresh one, at the request's own time; a request that then writes
 * (a rotation, closing the previous token) announces that write, which drops the entry
 * everywhere. Off (every request reads the database) when SESSION_CACHE_MS is 0 or no channel
 * reaches every process (PostgreSQL without Redis).
 */
const sessionRowCache = (deps: TDeps, now: () => number) => {
  const revocations = registerRevocations(deps.db, deps.redis);
  const ttl = deps.config.SESSION_CACHE_MS;
  const enabled = ttl > 0 && revocations.coordinated;
  const cache = new Map<string, TCachedRow>();
  return {
    async find(device: string): Promise<TSessionRow | null> {
      if (!enabled) return findSessionForRequest(deps.db, device);
      const stamp = await revocations.stamp(device);
      const at = now();
      const hit = cache.get(device);
      if (hit && stamp !== null && hit.stamp === stamp && at >= hit.loadedAt && at - hit.loadedAt < ttl)
        return hit.row;
      if (hit) cache.delete(device);
      // The stamp was read before this load: a revocation committing after it changes the epochs.
      const row = await findSessionForRequest(deps.db, device);
      if (row && stamp !== null) {
        if (cache.size >= MAX_CACHED_DEVICES) cache.clear();
        cache.set(device, { row, stamp, loadedAt: at });
      }
      return row;
    },
  };
};

// authRouter and authenticate are built separately from the same deps; they share one
// service so they share one permission cache.
const services = new WeakMap<TDeps, TSessionService>();
export const sessionServiceFor = (deps: TDeps): TSessionService => {
  let service = services.get(deps);
  if (!service) {
    service = createSessionService(deps);
    services.set(deps, service);
  }
  return service;
};
