import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TConfig } from "../config.js";

/**
 * SESSION_SECRET when configured; otherwise a random secret kept in DATA_DIR so sessions
 * survive a restart of a laptop install. (Production requires SESSION_SECRET: config.ts.)
 */
export const sessionSecret = (config: TConfig): string => {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};
