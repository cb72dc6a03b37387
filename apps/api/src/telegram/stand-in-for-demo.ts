import type { Logger } from "pino";
import type { TConfig } from "../config.js";
import { startTelegramStandIn } from "./stand-in/telegram-stand-in.js";

/** The demo bot's token: only the local stand-in accepts it (it is no secret). */
export const STAND_IN_BOT_TOKEN = "1000000001:stand-in-demo-bot-token-not-a-secret";

/** The demo company's Telegram channel on the stand-in. */
export const DEMO_CHANNEL_ID = "-1000000000001";

/**
 * The one pattern of every outside service's stand-in (docs/outside-channels.md "Stand-ins";
 * the first was Equasis: equasis/stand-in-for-demo.ts): on the embedded database without the
 * real service configured (TELEGRAM_STAND_IN=auto), or whenever TELEGRAM_STAND_IN=true, the
 * stand-in starts in this process on a free port and the configuration is pointed at it
 * (TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT). Never in production unless asked for. Its seafarers
 * answer what staff write, so a demo chat is alive.
 */
export const telegramForDemo = async (
  config: TConfig,
  embedded: boolean,
  logger: Logger,
): Promise<{ config: TConfig; stop: () => Promise<void> }> => {
  const wanted =
    config.TELEGRAM_STAND_IN === "true" ||
    (config.TELEGRAM_STAND_IN === "auto" &&
      embedded &&
      !config.TELEGRAM_BOT_TOKEN &&
      config.NODE_ENV !== "production");
  if (!wanted) return { config, stop: async () => {} };
  const standIn = await startTelegramStandIn({ token: STAND_IN_BOT_TOKEN, autoReply: true });
  logger.info(
    `Telegram: the Bot API stand-in on ${standIn.url} (bot @${standIn.botUsername}; its seafarers answer)`,
  );
  return {
    config: {
      ...config,
      TELEGRAM_BOT_TOKEN: STAND_IN_BOT_TOKEN,
      TELEGRAM_API_ROOT: standIn.url,
      // The demo company's channel (a channel's id is negative) for vacancies posted to Telegram.
      TELEGRAM_CHANNEL_ID: config.TELEGRAM_CHANNEL_ID ?? DEMO_CHANNEL_ID,
      // The stand-in delivers by long polling: no webhook on a demo.
      PUBLIC_URL: undefined,
    },
    stop: () => standIn.close(),
  };
};
