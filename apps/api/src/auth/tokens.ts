import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Session token material. Tokens are random (256 bits) and stored only as
 * HMAC-SHA-256(server secret, token): a stolen sessions table cannot be replayed, and the
 * check costs microseconds (bcrypt per request would cost ~60 ms).
 */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** The `client` header value: names one signed-in device of an account. */
export const newDevice = (): string => randomBytes(16).toString("base64url");

export const hashToken = (secret: string, token: string): string =>
  createHmac("sha256", secret).update(token).digest("hex");

/** Constant-time comparison of a presented token's hash with a stored one. */
export const sameHash = (presentedHash: string, storedHash: string | null): boolean => {
  if (storedHash === null || storedHash.length !== presentedHash.length) return false;
  return timingSafeEqual(Buffer.from(presentedHash, "hex"), Buffer.from(storedHash, "hex"));
};
