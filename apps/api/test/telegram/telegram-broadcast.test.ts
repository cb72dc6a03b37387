import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import request from "supertest";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { TDeps } from "../../src/deps.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs, type TJobs } from "../../src/jobs/index.js";
import {
  startTelegramStandIn,
  type TTelegramStandIn,
} from "../../src/telegram/stand-in/telegram-stand-in.js";
import { CHAT_GAP_MS, GLOBAL_GAP_MS, redisPace } from "../../src/telegram/telegram-pace.js";
import { signInAs } from "../support/auth.js";
import { testConfig, testDeps } from "../support/deps.js";
import { createApplicant } from "../planning/planning-support.js";
import { until } from "../support/until.js";

/**
 * A broadcast to a tag (docs/outside-channels.md "Broadcast to a tag") against the Bot API
 * stand-in: the count first, a confirm that must match it, one message per linked seafarer,
 * progress on the task, a 429 in between held off by every sender. With REDIS_URL the sends run
 * on two BullMQ workers (two "processes") sharing the pace through Redis; without, in-process.
 */
const TOKEN = `4343434343:broadcast-test-token-${randomUUID().slice(0, 8)}`;
const REDIS_URL = process.env.REDIS_URL ?? null;
const PREFIX = `crew-test-broadcast-${randomUUID()}`;
const LINKED = 24;

let standIn: TTelegramStandIn;
let deps: TDeps;
let app: Express;
let workers: TJobs[] = [];
const connections: Redis[] = [];
const db = () => testDeps().db;
let nextTelegramId = 800_000_000 + Math.floor(Math.random() * 1_000_000);

beforeAll(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: "crew_broadcast_bot" });
  const base = testDeps();
  const config = testConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: standIn.url });
  const worker = () => {
    const redis = REDIS_URL ? new Redis(REDIS_URL, { maxRetriesPerRequest: null }) : null;
    if (redis) connections.push(redis);
    return createJobs(
      { config, db: base.db, logger: base.logger, redis, storage: base.storage, bus: base.bus },
      { handlers: JOB_HANDLERS, redisUrl: REDIS_URL, prefix: PREFIX, schedules: false },
    );
  };
  // The API's jobs enqueue (and, in-process, run); with Redis a second worker consumes too.
  workers = REDIS_URL ? [worker(), worker()] : [worker()];
  for (const w of workers) await w.start();
  deps = { ...base, config, jobs: workers[0] as TJobs };
  app = createApp(deps);
}, 60_000);

afterAll(async () => {
  for (const w of workers) await w.stop();
  if (REDIS_URL) {
    const queue = new Queue("jobs", { connection: { url: REDIS_URL }, prefix: PREFIX });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
  for (const c of connections) await c.quit();
  await standIn.close();
});

describe("Telegram broadcast to a tag", () => {
  it("counts first, refuses a stale confirm, then sends once to each linked seafarer at the pace, through a 429", async () => {
    const { headers } = await signInAs("manager", app);
    const tag = await db().tag.create({ data: { name: `vacancy-${randomUUID().slice(0, 8)}` } });
    const linked: { userId: number; chatId: number }[] = [];
    for (let i = 0; i < LINKED; i += 1) {
      const chatId = nextTelegramId++;
      const user = await createApplicant({ telegramUserId: String(chatId) });
      linked.push({ userId: user.id, chatId });
    }
    const unlinked = [await createApplicant({}), await createApplicant({})];
    await db().userTag.createMany({
      data: [...linked.map((l) => l.userId), ...unlinked.map((u) => u.id)].map((userId) => ({
        userId,
        tagId: tag.id,
      })),
    });
    const body = "Vacancy: 2nd Officer on a container ship, joining in March. Answer here.";

    // The count: nothing queued.
    const count = await request(app)
      .post("/api/chat_messages/broadcast")
      .set(headers)
      .send({ tag_id: tag.id, body });
    expect(count.status, JSON.stringify(count.body)).toBe(200);
    expect(count.body.data).toEqual({ tag_id: tag.id, tag: tag.name, seafarers: LINKED + 2, linked: LINKED });
    expect(await db().chatMessage.count({ where: { userId: { in: linked.map((l) => l.userId) } } })).toBe(0);

    // A confirm of another count (the tag changed since it was shown) is a 409, nothing sent.
    const stale = await request(app)
      .post("/api/chat_messages/broadcast")
      .set(headers)
      .send({ tag_id: tag.id, body, confirm: LINKED - 1 });
    expect(stale.status).toBe(409);
    const bad = await request(app).post("/api/chat_messages/broadcast").set(headers).send({ tag_id: tag.id });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/body");
    const noTag = await request(app)
      .post("/api/chat_messages/broadcast")
      .set(headers)
      .send({ tag_id: 2_000_000_000, body, confirm: 1 });
    expect(noTag.status).toBe(422);
    expect(await db().chatMessage.count({ where: { userId: { in: linked.map((l) => l.userId) } } })).toBe(0);

    // Confirmed: Telegram throttles once on the way.
    standIn.throttleNext(1, 1);
    const started = Date.now();
    const sent = await request(app)
      .post("/api/chat_messages/broadcast")
      .set(headers)
      .send({ tag_id: tag.id, body, confirm: LINKED });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.meta.message).toBe("The broadcast is on its way");
    const taskId = Number(sent.body.data.background_task_id);

    const done = await until(
      "the broadcast to finish",
      async () => {
        const res = await request(app).get(`/api/background_tasks/${taskId}`).set(headers);
        return res.body.data?.attributes?.status === "done" ? res.body.data.attributes : null;
      },
      60_000,
    );
    expect(done).toMatchObject({ kind: "chat_messages.broadcast", done: LINKED, total: LINKED });
    expect(done.result).toEqual({ sent: LINKED, failed: 0, queued: 0 });

    // Each linked seafarer got it exactly once; the unlinked none.
    const ours = new Set(linked.map((l) => l.chatId));
    const delivered = standIn.sent.filter((s) => ours.has(s.chat_id) && s.text === body);
    expect(delivered.map((s) => s.chat_id).sort()).toEqual([...ours].sort());
    const rows = await db().chatMessage.findMany({ where: { broadcastId: taskId } });
    expect(rows).toHaveLength(LINKED);
    expect(rows.every((r) => r.status === "sent" && r.telegramMessageId !== null)).toBe(true);

    // The pace: one 429, honoured by every worker: apart from sends already on their way when it
    // came (a slot or two), none within the second Telegram asked to wait.
    const sends = standIn.calls.filter((c) => c.method === "sendMessage" && c.at >= started);
    const throttled = sends.filter((c) => c.status === 429);
    expect(throttled).toHaveLength(1);
    const at429 = throttled[0]?.at ?? 0;
    const during = sends.filter((c) => c.status === 200 && c.at > at429 && c.at < at429 + 950);
    expect(during.length).toBeLessThanOrEqual(3);
    expect(sends.filter((c) => c.status === 200 && c.at >= at429 + 950).length).toBeGreaterThan(0);
    const ok = sends.filter((c) => c.status === 200).map((c) => c.at);
    expect((ok.at(-1) ?? 0) - (ok[0] ?? 0)).toBeGreaterThanOrEqual((ok.length - 1) * GLOBAL_GAP_MS * 0.8);

    // A broadcast is an announcement, not an answer: it sets no one's last contact.
    const flags = await db().user.findMany({
      where: { id: { in: linked.map((l) => l.userId) } },
      select: { lastContact: true },
    });
    expect(flags.every((f) => f.lastContact === null)).toBe(true);
  }, 120_000);

  it("counts with GET broadcast_count (no side effect), and the task counts sent and failed as they settle", async () => {
    const { headers } = await signInAs("manager", app);
    const tag = await db().tag.create({ data: { name: `count-${randomUUID().slice(0, 8)}` } });
    const chats = [nextTelegramId++, nextTelegramId++, nextTelegramId++];
    const members = [
      ...(await Promise.all(chats.map((chatId) => createApplicant({ telegramUserId: String(chatId) })))),
      await createApplicant({}),
    ];
    await db().userTag.createMany({ data: members.map((u) => ({ userId: u.id, tagId: tag.id })) });
    const blocked = chats[2] ?? 0;
    standIn.block(blocked);

    const tasksBefore = await db().backgroundTask.count();
    const count = await request(app).get(`/api/chat_messages/broadcast_count?tag_id=${tag.id}`).set(headers);
    expect(count.status, JSON.stringify(count.body)).toBe(200);
    expect(count.body.data).toEqual({ tag_id: tag.id, tag: tag.name, seafarers: 4, linked: 3 });
    // Counting writes nothing: no task, no message.
    expect(await db().backgroundTask.count()).toBe(tasksBefore);
    expect(await db().chatMessage.count({ where: { userId: { in: members.map((m) => m.id) } } })).toBe(0);

    const missing = await request(app).get("/api/chat_messages/broadcast_count").set(headers);
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body.errors[0].source)).toContain("tag_id");
    const noTag = await request(app).get("/api/chat_messages/broadcast_count?tag_id=2000000000").set(headers);
    expect(noTag.status).toBe(422);
    const partner = await signInAs("partner", app);
    const denied = await request(app)
      .get(`/api/chat_messages/broadcast_count?tag_id=${tag.id}`)
      .set(partner.headers);
    expect(denied.status).toBe(403);

    const body = `Crew change in Rotterdam, who is free? ${randomUUID().slice(0, 6)}`;
    const sent = await request(app)
      .post("/api/chat_messages/broadcast")
      .set(headers)
      .send({ tag_id: tag.id, body, confirm: count.body.data.linked });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const taskId = Number(sent.body.data.background_task_id);
    // Every reading of the task while it runs: what settled is sent + failed.
    const seen: { done: number; sent: number; failed: number }[] = [];
    const done = await until(
      "the broadcast to finish",
      async () => {
        const res = await request(app).get(`/api/background_tasks/${taskId}`).set(headers);
        const a = res.body.data?.attributes;
        if (a) seen.push({ done: a.done, sent: a.result?.sent ?? 0, failed: a.result?.failed ?? 0 });
        return a?.status === "done" ? a : null;
      },
      60_000,
    );
    standIn.unblock(blocked);
    expect(done.result).toEqual({ sent: 2, failed: 1, queued: 0 });
    expect(seen.every((s) => s.sent + s.failed === s.done)).toBe(true);
    const failedRow = await db().chatMessage.findFirst({ where: { broadcastId: taskId, status: "failed" } });
    expect(failedRow?.telegramChatId).toBe(String(blocked));
  }, 60_000);

  it("refuses a broadcast without tgChat.create and with no linked seafarer", async () => {
    const partner = await signInAs("partner", app);
    const tag = await db().tag.create({ data: { name: `empty-${randomUUID().slice(0, 8)}` } });
    const denied = await request(app)
      .post("/api/chat_messages/broadcast")
      .set(partner.headers)
      .send({ tag_id: tag.id, body: "Hello" });
    expect(denied.status).toBe(403);
    const { headers } = await signInAs("manager", app);
    const empty = await request(app)
      .post("/api/chat_messages/broadcast")
      .set(headers)
      .send({ tag_id: tag.id, body: "Hello", confirm: 1 });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].source.pointer).toBe("/data/attributes/tag_id");
  });
});

describe.runIf(REDIS_URL)("the pace kept in Redis", () => {
  it("gives two processes one slot sequence, a second per chat, and one hold-off after a 429", async () => {
    const a = new Redis(REDIS_URL ?? "");
    const b = new Redis(REDIS_URL ?? "");
    try {
      const bot = `pace-${randomUUID()}`;
      const paceA = redisPace(a, bot, `crew-test-pace-${randomUUID()}`);
      const prefix = `crew-test-pace-${randomUUID()}`;
      const [pa, pb] = [redisPace(a, bot, prefix), redisPace(b, bot, prefix)];
      const granted: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await (i % 2 ? pa : pb).wait(`chat-${i}`);
          granted.push(Date.now());
        }),
      );
      granted.sort((x, y) => x - y);
      // 20 slots one GLOBAL_GAP_MS apart, whichever process asked.
      expect((granted.at(-1) ?? 0) - (granted[0] ?? 0)).toBeGreaterThanOrEqual(19 * GLOBAL_GAP_MS - 10);

      // One chat: a second apart, across processes.
      const t0 = Date.now();
      await pa.wait("same-chat");
      await pb.wait("same-chat");
      expect(Date.now() - t0).toBeGreaterThanOrEqual(CHAT_GAP_MS - 10);

      // A 429 seen by one holds the other off.
      await pa.holdOff(700);
      const t1 = Date.now();
      await pb.wait("another-chat");
      expect(Date.now() - t1).toBeGreaterThanOrEqual(650);
      // Another prefix (another bot) is not held.
      const t2 = Date.now();
      await paceA.wait("x");
      expect(Date.now() - t2).toBeLessThan(300);
    } finally {
      await a.quit();
      await b.quit();
    }
  });
});
