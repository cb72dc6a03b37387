import { JSONAPI_MEDIA_TYPE, type TErrorObject } from "@crew/contracts";
import { Router } from "express";
import type { TDeps } from "../deps.js";
import { pingDatabase } from "./readiness-repository.js";

/** A check that hangs (a dead pool, a Redis that queues commands while reconnecting) counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

const withTimeout = async (check: Promise<unknown>): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

type TCheckResult = { ok: true } | { ok: false; error: string };

const run = async (check: () => Promise<unknown>): Promise<TCheckResult> => {
  try {
    await withTimeout(check());
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? (error.message.split("\n")[0] ?? "failed") : String(error),
    };
  }
};

/**
 * Mounted before authentication. /health says the process answers (liveness: restarting it
 * is the cure); /ready says it can serve, so a load balancer sends it traffic only when the
 * database and, when configured, Redis answer.
 */
export const healthRouter = (deps: TDeps): Router => {
  const router = Router();

  router.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });

  router.get("/ready", async (req, res) => {
    // A first start answers while the demo fills (docs/performance.md "First start"): not
    // ready until it is, with how far it has come. Answered from memory: the fill's
    // transactions may hold the embedded database's one connection.
    const seeding = deps.seeding;
    if (seeding && seeding.state !== "done") {
      const failed = seeding.state === "failed";
      const error: TErrorObject = {
        status: "503",
        code: failed ? "demo_seed_failed" : "demo_seeding",
        title: "Service Unavailable",
        detail: failed
          ? "Writing the demo data failed; the server log says why."
          : `Preparing the demo data (${seeding.done} of ${seeding.total} parts${seeding.area ? `; now: ${seeding.area}` : ""}).`,
      };
      res
        .status(503)
        .type(JSONAPI_MEDIA_TYPE)
        .json({ errors: [error], meta: { seeding: { ...seeding } } });
      return;
    }
    const redis = deps.redis;
    const checks: Record<string, TCheckResult> = {
      database: await run(() => pingDatabase(deps.db)),
      ...(redis ? { redis: await run(() => redis.ping()) } : {}),
    };
    const failed = Object.entries(checks).flatMap(([part, r]) => (r.ok ? [] : [{ part, error: r.error }]));
    if (failed.length === 0) {
      res.json({ status: "ready", checks: Object.fromEntries(Object.keys(checks).map((k) => [k, "ok"])) });
      return;
    }
    // The causes go to the log only: this route needs no sign-in and they name hosts and ports.
    req.log.warn({ failed }, "not ready");
    const errors: TErrorObject[] = failed.map(({ part }) => ({
      status: "503",
      code: `${part}_unavailable`,
      title: "Service Unavailable",
      detail: `The ${part} does not answer.`,
    }));
    res.status(503).type(JSONAPI_MEDIA_TYPE).json({ errors });
  });

  return router;
};
