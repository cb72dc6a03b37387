import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { TConfig } from "../config.js";
import { keptSecret } from "../lib/kept-secret.js";

/**
 * Staff save their Equasis password in their profile so the server can sign in to the
 * registry for them; unlike a sign-in password it must be read back, so it is sealed
 * (AES-256-GCM) rather than hashed. The key is EQUASIS_SECRET, or outside production a random
 * secret kept in DATA_DIR/equasis-secret (as the session secret is). The sealed value never
 * leaves the server: no answer carries it and the audit trail redacts it.
 */
const VERSION = "v1";

const keyOf = (config: TConfig): Buffer =>
  createHash("sha256")
    .update(`equasis-password:${keptSecret(config, config.EQUASIS_SECRET, "equasis-secret")}`)
    .digest();

export const sealEquasisPassword = (config: TConfig, password: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(config), iv);
  const body = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
};

/** The password, or null when it cannot be opened (sealed under another key, or damaged). */
export const openEquasisPassword = (config: TConfig, sealed: string): string | null => {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(config), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
};
