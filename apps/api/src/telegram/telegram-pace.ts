import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** Telegram's limits (core.telegram.org/bots/faq): about 30 messages a second overall, 1 a second per chat. */
export const GLOBAL_GAP_MS = 34;
export const CHAT_GAP_MS = 1000;

/**
 * When the next message may go. Each send asks `wait(chatId)` first: it takes the next free
 * slot of the bot (one every GLOBAL_GAP_MS) and waits until the chat's previous message is
 * CHAT_GAP_MS old. A 429 calls `holdOff(retry_after)`: no message of this bot goes before then.
 */
export interface TPace {
  wait(chatId: string): Promise<void>;
  holdOff(ms: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The pace of one process (no Redis: the laptop, jobs in-process). */
export const processPace = (): TPace => {
  let nextGlobal = 0;
  let holdUntil = 0;
  const nextByChat = new Map<string, number>();
  const wait = async (chatId: string): Promise<void> => {
    const now = Date.now();
    const at = Math.max(now, nextGlobal, nextByChat.get(chatId) ?? 0, holdUntil);
    nextGlobal = Math.max(now, nextGlobal, holdUntil) + GLOBAL_GAP_MS;
    nextByChat.set(chatId, at + CHAT_GAP_MS);
    if (nextByChat.size > 10_000) for (const [k, v] of nextByChat) if (v < now) nextByChat.delete(k);
    if (at > now) await sleep(at - now);
    // A 429 told while this send slept: its slot is void, take a new one after the hold-off.
    if (holdUntil > Date.now()) return wait(chatId);
  };
  return {
    wait,
    async holdOff(ms) {
      holdUntil = Math.max(holdUntil, Date.now() + ms);
      await Promise.resolve();
    },
  };
};

/**
 * The same slots kept in Redis, so every worker process of the bot shares one pace (and one
 * hold-off after a 429). One script takes a slot atomically on Redis's own clock (no clock
 * skew between machines) and answers how long to wait; the keys expire on their own.
 * KEYS: the bot's next free slot, the chat's, the bot's hold-off. ARGV: global gap, chat gap.
 */
const TAKE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local g = tonumber(redis.call('GET', KEYS[1]) or '0')
local c = tonumber(redis.call('GET', KEYS[2]) or '0')
local h = tonumber(redis.call('GET', KEYS[3]) or '0')
local at = math.max(now, g, c, h)
local nextGlobal = math.max(now, g, h) + tonumber(ARGV[1])
redis.call('SET', KEYS[1], nextGlobal, 'PX', nextGlobal - now + 60000)
redis.call('SET', KEYS[2], at + tonumber(ARGV[2]), 'PX', at - now + tonumber(ARGV[2]) + 1000)
return at - now`;

/** KEYS: the bot's hold-off. ARGV: its length in ms. */
const HOLD_OFF = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local h = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now + tonumber(ARGV[1]))
redis.call('SET', KEYS[1], h, 'PX', h - now + 1000)
return h - now`;

/** KEYS: the bot's hold-off. Answers how much of it is left (0: none). */
const HOLD_LEFT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local h = tonumber(redis.call('GET', KEYS[1]) or '0')
return math.max(0, h - now)`;

/** Keys per bot (a hash of its token, never the token) under `prefix`. */
export const redisPace = (redis: Redis, botToken: string, prefix = "telegram:pace"): TPace => {
  const bot = createHash("sha256").update(`telegram-pace:${botToken}`).digest("hex").slice(0, 16);
  const globalKey = `${prefix}:${bot}:next`;
  const holdKey = `${prefix}:${bot}:hold`;
  const wait = async (chatId: string): Promise<void> => {
    const ms = Number(
      await redis.eval(
        TAKE_SLOT,
        3,
        globalKey,
        `${prefix}:${bot}:chat:${chatId}`,
        holdKey,
        GLOBAL_GAP_MS,
        CHAT_GAP_MS,
      ),
    );
    if (ms <= 0) return;
    await sleep(ms);
    // A 429 told (by any process) while this send slept: its slot is void, take a new one after.
    if (Number(await redis.eval(HOLD_LEFT, 1, holdKey)) > 0) return wait(chatId);
  };
  return {
    wait,
    async holdOff(ms) {
      await redis.eval(HOLD_OFF, 1, holdKey, Math.ceil(ms));
    },
  };
};
