import { createHash } from "node:crypto";
import { Api, GrammyError } from "grammy";
import type { TConfig } from "../config.js";
import { processPace, type TPace } from "./telegram-pace.js";

/**
 * The company's bot through grammY's typed Bot API client. `TELEGRAM_API_ROOT` points it at
 * our stand-in in the tests and the demo (grammY's `client.apiRoot`); unset, the real API.
 * The token is part of every request address, so neither addresses nor grammY's raw errors are
 * ever logged: failures are reduced to Telegram's code and description (TSendFailure).
 */
export type TBotApi = Api;

export const botApi = (config: TConfig): TBotApi | null =>
  config.TELEGRAM_BOT_TOKEN
    ? new Api(config.TELEGRAM_BOT_TOKEN, {
        ...(config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT.replace(/\/$/, "") } : {}),
        timeoutSeconds: 30,
      })
    : null;

/** Where a file getFile named is downloaded: `<api root>/file/bot<token>/<file_path>` (holds the token: never logged). */
export const telegramFileUrl = (config: TConfig, filePath: string): string =>
  `${(config.TELEGRAM_API_ROOT ?? "https://api.telegram.org").replace(/\/$/, "")}/file/bot${config.TELEGRAM_BOT_TOKEN ?? ""}/${filePath}`;

/** The webhook's secret-token header value: configured, or derived from the token (never the token itself). */
export const webhookSecret = (config: TConfig): string | null =>
  config.TELEGRAM_WEBHOOK_SECRET ??
  (config.TELEGRAM_BOT_TOKEN
    ? createHash("sha256").update(`telegram-webhook:${config.TELEGRAM_BOT_TOKEN}`).digest("base64url")
    : null);

/** 429s retried per message before the send is left to the job's own retries. */
const MAX_429_RETRIES = 5;

/** This process's pace, used when no Redis is configured (telegram-pace.ts). */
const ownPace = processPace();

/** Waits for this chat's next slot at Telegram's pace (for calls other than sendText: edits, deletes). */
export const paced = (chatId: string): Promise<void> => ownPace.wait(chatId);

export type TSendResult =
  | { ok: true; messageId: number }
  /** final: do not retry (blocked, deleted account, bad request); otherwise the job may try again. */
  | { ok: false; final: boolean; error: string };

/** A reader's sentence for a Bot API failure, without the token or the address. */
export const failureText = (error: unknown): { final: boolean; error: string } => {
  if (error instanceof GrammyError) {
    const d = error.description.toLowerCase();
    if (error.error_code === 403 && d.includes("blocked"))
      return { final: true, error: "The seafarer blocked the bot" };
    if (error.error_code === 403 && d.includes("deactivated"))
      return { final: true, error: "The seafarer's Telegram account was deleted" };
    if (error.error_code === 403)
      return { final: true, error: "Telegram refused: the bot may not write to this chat" };
    if (error.error_code === 400 && d.includes("chat not found"))
      return { final: true, error: "The chat no longer exists in Telegram" };
    if (error.error_code === 400)
      return { final: true, error: `Telegram refused the message (${error.description.slice(0, 120)})` };
    if (error.error_code === 401) return { final: true, error: "The bot token is not valid" };
    return { final: false, error: `Telegram answered ${error.error_code}` };
  }
  return { final: false, error: "Telegram could not be reached" };
};

/**
 * Sends a text at Telegram's pace (`pace`: shared through Redis across worker processes, or this
 * process's own), retrying 429s after their retry_after: the hold-off is told to the pace, so
 * every sender of the bot waits it out, not only this one.
 */
export const sendText = async (
  api: TBotApi,
  chatId: string,
  text: string,
  pace: TPace = ownPace,
): Promise<TSendResult> => {
  for (let attempt = 0; ; attempt += 1) {
    await pace.wait(chatId);
    try {
      const sent = await api.sendMessage(chatId, text);
      return { ok: true, messageId: sent.message_id };
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 429 && attempt < MAX_429_RETRIES) {
        const ms = Math.min(error.parameters.retry_after ?? 1, 60) * 1000;
        // The next wait() lasts until the hold-off ends (for every sender of the bot).
        await pace.holdOff(ms);
        continue;
      }
      return { ok: false, ...failureText(error) };
    }
  }
};

/** The bot's username (for t.me links), cached per token. */
const usernames = new Map<string, Promise<string>>();
export const botUsername = (config: TConfig, api: TBotApi): Promise<string> => {
  const key = createHash("sha256")
    .update(config.TELEGRAM_BOT_TOKEN ?? "")
    .digest("hex");
  let found = usernames.get(key);
  if (!found) {
    found = api.getMe().then((me) => me.username);
    found.catch(() => usernames.delete(key));
    usernames.set(key, found);
  }
  return found;
};
