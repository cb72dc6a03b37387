import { resolve } from "node:path";
import { z } from "zod";

/**
 * All configuration, read once from the environment and validated; a bad value stops the
 * start with a message naming it. Documented in .env.example.
 */
const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());
const bool = z
  .preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).optional())
  .transform((v) => v === "true" || v === "1");

const ZConfig = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// address")
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// address")
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./.data")),
  /** Signs session tokens (HMAC); generated and kept under DATA_DIR when unset outside production. */
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Issuer certificates address for Google ID tokens; tests point it at a local stand-in. */
  GOOGLE_CERTS_URL: optionalUrl,
  HELP_DOCUMENT_URL: optionalUrl,
  /** The public vacancies page (/jobs, docs/vacancies.md): the company named as hiring organisation, its contact and address. */
  COMPANY_NAME: z.preprocess(emptyAsUndefined, z.string().max(200).default("Crewing office")),
  COMPANY_EMAIL: z.preprocess(emptyAsUndefined, z.string().email().optional()),
  COMPANY_CITY: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  COMPANY_COUNTRY: z.preprocess(emptyAsUndefined, z.string().max(2).optional()),
  CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default("")),
  /** json (one JSON object per line) or pretty (one readable line per request; `pnpm dev`). */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(["json", "pretty"]).default("json")),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /** Seed demo accounts and data into an empty database (default: on for the embedded database). */
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(["true", "false", "auto"]).default("auto")),
  /** Production: the first admin account, created when no account exists. */
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  SIGN_IN_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /**
   * How long an API process may answer a request from a verified session row held in memory,
   * ms (0: never). Only with a channel every revocation is announced on first: Redis, or the
   * embedded database's one process (docs/performance.md "Holding a verified session in memory").
   * On by default (3 s) since the whole suite (API on both databases, Playwright) ran with it on.
   */
  SESSION_CACHE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(60_000).default(3000)),
  /**
   * How many API processes serve PORT (node:cluster; "auto": one per core). Above 1 only on
   * PostgreSQL with REDIS_URL: the session cache's revocations and live updates reach the other
   * processes through Redis (docs/performance.md "Several API processes").
   */
  API_PROCESSES: z.preprocess(
    emptyAsUndefined,
    z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).default(1),
  ),
  /**
   * The kernel's generic reads on the pg pool with SQL written from the model, Prisma where it
   * cannot (kernel/sql-read-repository.ts); 0 sends every read through Prisma (the before of
   * docs/performance.md "Kernel reads without Prisma", and the identity test).
   */
  KERNEL_SQL_READS: z
    .preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).default("1"))
    .transform((v) => v === "true" || v === "1"),
  /** Serve the built SPA from this folder (default: apps/web/dist next to the API). */
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  TRUST_PROXY: bool,
  /** Run queued jobs inside the API process even when REDIS_URL is set (no separate worker). */
  INLINE_WORKER: bool,
  /** Where uploaded files live: disk (DATA_DIR/files) or s3 (an S3-compatible bucket, for several API processes). */
  STORAGE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(["disk", "s3"]).default("disk")),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default("us-east-1")),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Path-style addresses (bucket in the path): MinIO and most self-hosted S3 servers need it. */
  S3_FORCE_PATH_STYLE: z
    .preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).default("true"))
    .transform((v) => v === "true" || v === "1"),
  /** Largest accepted upload, bytes (one file). */
  UPLOAD_MAX_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(2_147_483_647)
      .default(25 * 1024 * 1024),
  ),
  /** The vessel registry (Equasis, https://www.equasis.org). Unset: the stand-in when EQUASIS_STAND_IN allows, else registry calls answer 503. */
  EQUASIS_URL: optionalUrl,
  /** auto: start the local Equasis stand-in when EQUASIS_URL is unset on the embedded database outside production. */
  EQUASIS_STAND_IN: z.preprocess(emptyAsUndefined, z.enum(["auto", "true", "false"]).default("auto")),
  /** Key that seals the Equasis passwords staff save in their profile; generated into DATA_DIR when unset outside production. */
  EQUASIS_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  /** Least time between two requests to the registry, ms (a polite pace for bulk parses). */
  EQUASIS_INTERVAL_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(600_000).default(1500),
  ),
  /** How long one registry request may take, ms. */
  EQUASIS_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(300_000).default(20_000),
  ),
  /** The company's Telegram bot (from @BotFather). Unset: no chat (or the stand-in's token on a demo). Never logged. */
  TELEGRAM_BOT_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must be a bot token (123456:ABC...)")
      .optional(),
  ),
  /** Bot API address (unset: https://api.telegram.org); the tests and the demo point it at the stand-in. */
  TELEGRAM_API_ROOT: optionalUrl,
  /** auto: start the local Telegram stand-in when TELEGRAM_BOT_TOKEN is unset on the embedded database outside production. */
  TELEGRAM_STAND_IN: z.preprocess(emptyAsUndefined, z.enum(["auto", "true", "false"]).default("auto")),
  /**
   * The company's Telegram channel vacancies are posted to (docs/vacancies.md "Telegram channel"):
   * its @username or numeric id (-100...); the bot must be an admin of it. Unset: no channel source.
   */
  TELEGRAM_CHANNEL_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(@[A-Za-z][A-Za-z0-9_]{4,31}|-?\d{1,20})$/, "must be a channel @username or a numeric chat id")
      .optional(),
  ),
  /** The address Telegram can reach this server at (https): the bot then takes updates by webhook; unset: long polling by one process. */
  PUBLIC_URL: optionalUrl,
  /** The webhook's secret-token header value; derived from the bot token when unset. */
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, "must be 16-256 letters, digits, _ or -")
      .optional(),
  ),
  /** UkrCrewing (crew job site; docs/outside-channels.md): its address and the company's API key (never logged). Unset: the stand-in when UKRCREWING_STAND_IN allows, else the refresh answers 409. */
  UKRCREWING_URL: optionalUrl,
  UKRCREWING_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(8).max(512).optional()),
  /** auto: start the local UkrCrewing stand-in when UKRCREWING_URL is unset on the embedded database outside production. */
  UKRCREWING_STAND_IN: z.preprocess(emptyAsUndefined, z.enum(["auto", "true", "false"]).default("auto")),
  /** Crewell (crew job site with a JSON API): its address and the company's token (never logged). */
  CREWELL_URL: optionalUrl,
  CREWELL_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(8).max(512).optional()),
  CREWELL_STAND_IN: z.preprocess(emptyAsUndefined, z.enum(["auto", "true", "false"]).default("auto")),
  /** How long one request to a crew job site may take, ms (then retried twice, then a 504). */
  CREW_SITES_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(120_000).default(10_000),
  ),
  /** The pause between two applicants of a bulk refresh from a site, ms (a modest pace: the site is not ours). */
  CREW_SITES_PACE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(60_000).default(1_000),
  ),
  /** Warning lines of applicants' documents, days before expiry ("90,60,30"; docs/records.md "Validity"). */
  DOCUMENT_EXPIRY_WARNING_DAYS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default("90,60,30")
      .transform((v, ctx) => {
        const days = [
          ...new Set(
            v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
              .map(Number),
          ),
        ].sort((a, b) => b - a);
        if (!days.length || days.length > 5 || days.some((d) => !Number.isInteger(d) || d < 1 || d > 3650)) {
          ctx.addIssue({
            code: "custom",
            message: "must be one to five whole numbers of days from 1 to 3650, comma-separated (90,60,30)",
          });
          return z.NEVER;
        }
        return days;
      }),
  ),
});

export type TConfig = z.infer<typeof ZConfig> & { dataDir: string };

export class ConfigError extends Error {}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): TConfig => {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
  }
  if (parsed.data.STORAGE_DRIVER === "s3") {
    const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
      (k) => !parsed.data[k],
    );
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration (see .env.example):\n${missing.map((k) => `  ${k}: required when STORAGE_DRIVER is s3`).join("\n")}`,
      );
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.EQUASIS_URL && !parsed.data.EQUASIS_SECRET) {
    throw new ConfigError(
      "Invalid configuration (see .env.example):\n  EQUASIS_SECRET: required in production when EQUASIS_URL is set",
    );
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SESSION_SECRET && parsed.data.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration (see .env.example):\n  SESSION_SECRET: required in production",
    );
  }
  if (parsed.data.API_PROCESSES !== 1 && !(parsed.data.DATABASE_URL && parsed.data.REDIS_URL)) {
    throw new ConfigError(
      `Invalid configuration (see .env.example):\n  API_PROCESSES: ${parsed.data.API_PROCESSES} needs DATABASE_URL (PostgreSQL) and REDIS_URL; the embedded database is one process, and without Redis a sign-out or a live update would not reach the other processes. Unset it (one process) or set both.`,
    );
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
};
