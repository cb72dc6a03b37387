import { createHash } from "node:crypto";
import { Api, GrammyError } from "grammy";
import type { TConfig } from "../config.js";

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

/** Telegram's limits (core.telegram.org/bots/faq): about 30 messages a second overall, 1 a second per chat. */
export const GLOBAL_GAP_MS = 34;
export const CHAT_GAP_MS = 1000;
/** 429s retried per message before the send is left to the job's own retries. */
const MAX_429_RETRIES = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Paces sends in this process: each send takes the next free global slot and waits until its
 * chat's previous message is a second old. (Several worker processes each keep their own pace;
 * a 429 that still comes is retried after Telegram's retry_after.)
 */
const pacer = (() => {
  let nextGlobal = 0;
  const nextByChat = new Map<string, number>();
  return async (chatId: string): Promise<void> => {
    const now = Date.now();
    const at = Math.max(now, nextGlobal, nextByChat.get(chatId) ?? 0);
    nextGlobal = Math.max(now, nextGlobal) + GLOBAL_GAP_MS;
    nextByChat.set(chatId, at + CHAT_GAP_MS);
    if (nextByChat.size > 10_000) for (const [k, v] of nextByChat) if (v < now) nextByChat.delete(k);
    if (at > now) await sleep(at - now);
  };
})();

/** Waits for this chat's next slot at Telegram's pace (for calls other than sendText: edits, deletes). */
export const paced = (chatId: string): Promise<void> => pacer(chatId);

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

/** Sends a text at Telegram's pace, retrying 429s after their retry_after. */
export const sendText = async (api: TBotApi, chatId: string, text: string): Promise<TSendResult> => {
  for (let attempt = 0; ; attempt += 1) {
    await pacer(chatId);
    try {
      const sent = await api.sendMessage(chatId, text);
      return { ok: true, messageId: sent.message_id };
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 429 && attempt < MAX_429_RETRIES) {
        await sleep(Math.min(error.parameters.retry_after ?? 1, 60) * 1000);
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
