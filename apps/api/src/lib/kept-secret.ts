import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TConfig } from "../config.js";

/**
 * The configured secret when there is one; otherwise a random one kept in DATA_DIR/`file`
 * (made on first use, readable by the owner only), so what it protects survives a restart of
 * a laptop install. Production requires the configured ones (config.ts).
 */
export const keptSecret = (config: TConfig, configured: string | undefined, file: string): string => {
  if (configured) return configured;
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, file);
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
};
