import { resolve } from "node:path";
import { z } from "zod";

/**
 * All configuration, read once from the environment and validated; a bad value stops the
 * start with a message naming it. Documented in .env.example.
 */
const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());
const bool = z.preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).optional()).transform((v) => v === "true" || v === "1");

const ZConfig = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgresql:// address").optional(),
  ),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^rediss?:\/\//, "must be a redis:// address").optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./.data")),
  /** Signs session tokens (HMAC); generated and kept under DATA_DIR when unset outside production. */
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Issuer certificates address for Google ID tokens; tests point it at a local stand-in. */
  GOOGLE_CERTS_URL: optionalUrl,
  HELP_DOCUMENT_URL: optionalUrl,
  CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default("")),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  /** Seed demo accounts and data into an empty database (default: on for the embedded database). */
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(["true", "false", "auto"]).default("auto")),
  /** Production: the first admin account, created when no account exists. */
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  SIGN_IN_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** Serve the built SPA from this folder (default: apps/web/dist next to the API). */
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  TRUST_PROXY: bool,
  /** Run queued jobs inside the API process even when REDIS_URL is set (no separate worker). */
  INLINE_WORKER: bool,
});

export type TConfig = z.infer<typeof ZConfig> & { dataDir: string };

export class ConfigError extends Error {}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): TConfig => {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SESSION_SECRET && parsed.data.DATABASE_URL) {
    throw new ConfigError("Invalid configuration (see .env.example):\n  SESSION_SECRET: required in production");
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
};
