import { AppError } from "./app-error.js";

/**
 * The database could not be reached, or no pooled connection freed up in time (pg-pool's
 * `connectionTimeoutMillis` under a burst of load): a 503 the client may retry, not a 500.
 * Nothing was written, since the request never got a connection.
 */
const CONNECT_FAILURES = new Set([
  "timeout exceeded when trying to connect", // pg-pool: no connection freed up in time
  "Connection terminated due to connection timeout", // pg: a new connection's handshake timed out
]);
/** Socket errors of a connection attempt (nothing was sent on it). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
/** PostgreSQL refusing a new session: shutting down, starting up, too many connections. */
const SERVER_CODES = new Set(["57P01", "57P03", "53300"]);
/** Prisma's codes for "cannot reach / timed out reaching / connection closed" and its driver adapter's kinds. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

const adapterKind = (err: object): unknown =>
  (err as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta?.driverAdapterError?.cause
    ?.kind;

export const fromDatabaseUnavailable = (err: unknown): AppError | undefined => {
  if (typeof err !== "object" || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  const unreachable =
    (err instanceof Error && CONNECT_FAILURES.has(err.message)) ||
    (typeof code === "string" &&
      (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SERVER_CODES.has(code))) ||
    ADAPTER_KINDS.has(String(adapterKind(err)));
  return unreachable
    ? new AppError(
        "UNAVAILABLE",
        "The database is busy or out of reach; nothing was changed. Try again shortly.",
      )
    : undefined;
};
