import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { botApi } from "../../src/telegram/bot-client.js";
import { STAND_IN_BOT_TOKEN, telegramForDemo } from "../../src/telegram/stand-in-for-demo.js";
import { createLogger } from "../../src/lib/logger.js";
import { testConfig } from "../support/deps.js";

/** The bot's configuration: when the Bot API stand-in starts (the pattern of every stand-in), and bad values. */
const logger = createLogger(testConfig());

describe("Telegram configuration", () => {
  it("names a bad token, root or webhook secret", () => {
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: "not-a-token" })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => loadConfig({ TELEGRAM_API_ROOT: "nowhere" })).toThrow(/TELEGRAM_API_ROOT/);
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: "short" })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(loadConfig({}).TELEGRAM_STAND_IN).toBe("auto");
  });

  it("starts the stand-in on the embedded default without a token, or when asked; never silently in production", async () => {
    const demo = await telegramForDemo(testConfig({ NODE_ENV: "development" }), true, logger);
    try {
      expect(demo.config.TELEGRAM_BOT_TOKEN).toBe(STAND_IN_BOT_TOKEN);
      expect(demo.config.TELEGRAM_API_ROOT).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const me = await botApi(demo.config)?.getMe();
      expect(me?.username).toBe("crew_demo_bot");
    } finally {
      await demo.stop();
    }
    const onPostgres = await telegramForDemo(testConfig({ NODE_ENV: "development" }), false, logger);
    expect(onPostgres.config.TELEGRAM_API_ROOT).toBeUndefined();
    const production = await telegramForDemo(testConfig({ NODE_ENV: "production" }), true, logger);
    expect(production.config.TELEGRAM_BOT_TOKEN).toBeUndefined();
    const real = "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const configured = await telegramForDemo(
      testConfig({ NODE_ENV: "development", TELEGRAM_BOT_TOKEN: real }),
      true,
      logger,
    );
    expect(configured.config.TELEGRAM_BOT_TOKEN).toBe(real);
    expect(configured.config.TELEGRAM_API_ROOT).toBeUndefined();
    const forced = await telegramForDemo(testConfig({ TELEGRAM_STAND_IN: "true" }), false, logger);
    try {
      expect(forced.config.TELEGRAM_API_ROOT).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await forced.stop();
    }
  });
});
