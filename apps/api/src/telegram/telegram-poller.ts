import { createHash, randomUUID } from "node:crypto";
import { Router } from "express";
import { timingSafeEqual } from "node:crypto";
import type { Update } from "grammy/types";
import { AppError } from "../errors/app-error.js";
import { chatMessagesRepository } from "../resources/chat-messages/chat-messages-repository.js";
import { botApi, webhookSecret } from "./bot-client.js";
import { handleTelegramUpdate, type TTelegramDeps } from "./telegram-updates.js";

export const POLL_LEASE = "telegram-poller";

/**
 * The lease is per bot: getUpdates may have one caller per bot token, not per database (two
 * bots sharing a database, as two test suites or a staging bot beside production do, each poll).
 * Named by a hash of the token, never the token itself.
 */
export const pollLeaseOf = (token: string): string =>
  `${POLL_LEASE}:${createHash("sha256").update(token).digest("hex").slice(0, 16)}`;

export interface TPollerOptions {
  /** Who holds the lease (default: a random id per process). */
  holder?: string;
  /** How long a lease lasts unrenewed; a dead poller's successor takes over after it. */
  leaseMs?: number;
  /** Long-poll timeout of one getUpdates, seconds (below the lease). */
  pollSeconds?: number;
}

export interface TPoller {
  /** True while this process holds the lease and polls. */
  polling(): boolean;
  stop(): Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * Long polling when there is no public address: every API process runs this loop, and only
 * the one holding the `telegram-poller` lease (worker_leases, one conditional upsert: two
 * processes never both hold it) calls getUpdates; the others wait and take over when the
 * holder stops renewing. The offset lives in memory: a successor starts from Telegram's
 * unconfirmed updates, and update ids already handled are skipped (handleTelegramUpdate).
 */
export const startTelegramPoller = (deps: TTelegramDeps, options: TPollerOptions = {}): TPoller => {
  const api = botApi(deps.config);
  const controller = new AbortController();
  const holder = options.holder ?? `${process.pid}-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollSeconds = options.pollSeconds ?? Math.max(1, Math.min(25, Math.floor(leaseMs / 3000)));
  let holding = false;
  let offset = 0;
  // grammY types its signal with the abort-controller shim; Node's own is the same at run time.
  const signal = controller.signal as unknown as NonNullable<
    Parameters<NonNullable<typeof api>["getUpdates"]>[1]
  >;
  const leaseName = pollLeaseOf(deps.config.TELEGRAM_BOT_TOKEN ?? "");
  const lease = () => chatMessagesRepository(deps.db).lease(leaseName, holder, leaseMs);

  const loop = async () => {
    if (!api) return;
    let webhookCleared = false;
    while (!controller.signal.aborted) {
      try {
        holding = await lease();
        if (!holding) {
          await sleep(Math.max(200, leaseMs / 3), controller.signal);
          continue;
        }
        if (!webhookCleared) {
          await api.deleteWebhook({}, signal);
          webhookCleared = true;
        }
        const updates: Update[] = await api.getUpdates(
          { offset, timeout: pollSeconds, allowed_updates: ["message"] },
          signal,
        );
        for (const update of updates) {
          await handleTelegramUpdate(deps, update);
          offset = update.update_id + 1;
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        deps.logger.warn(
          { reason: error instanceof Error ? error.name : "unknown" },
          "Telegram polling failed; trying again shortly",
        );
        await sleep(3000, controller.signal);
      }
    }
  };
  const running = loop();
  return {
    polling: () => holding && !controller.signal.aborted,
    async stop() {
      controller.abort();
      await running;
      holding = false;
      await chatMessagesRepository(deps.db)
        .releaseLease(leaseName, holder)
        .catch(() => undefined);
    },
  };
};

/** Webhook mode: tells Telegram where to deliver (PUBLIC_URL/api/telegram/webhook) with the secret header. */
export const registerWebhook = async (deps: TTelegramDeps): Promise<void> => {
  const api = botApi(deps.config);
  const secret = webhookSecret(deps.config);
  if (!api || !deps.config.PUBLIC_URL || !secret) return;
  const url = new URL("/api/telegram/webhook", deps.config.PUBLIC_URL).toString();
  await api.setWebhook(url, { secret_token: secret, allowed_updates: ["message"] });
};

const sameSecret = (given: unknown, expected: string): boolean => {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POST /api/telegram/webhook (mounted before sign-in: Telegram has no session). A call
 * without Telegram's X-Telegram-Bot-Api-Secret-Token header, or with another value, is a 401
 * and changes nothing; without a bot configured the route is a 404.
 */
export const telegramWebhookRouter = (deps: TTelegramDeps): Router => {
  const router = Router();
  router.post("/telegram/webhook", async (req, res) => {
    const secret = webhookSecret(deps.config);
    if (!secret || !deps.config.TELEGRAM_BOT_TOKEN)
      throw AppError.notFound("No Telegram bot is configured on this server.");
    if (!sameSecret(req.headers["x-telegram-bot-api-secret-token"], secret))
      throw AppError.unauthorized("The Telegram secret-token header is missing or wrong.");
    const body: unknown = req.body;
    const updateId =
      typeof body === "object" && body !== null && "update_id" in body ? body.update_id : undefined;
    if (typeof updateId !== "number" || !Number.isSafeInteger(updateId) || updateId < 0)
      throw AppError.badRequest("An update needs its update_id", "update_id");
    await handleTelegramUpdate(deps, body as Update);
    res.status(200).json({ ok: true });
  });
  return router;
};
