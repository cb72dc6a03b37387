import request from "supertest";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { TDeps } from "../../src/deps.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import { webhookSecret } from "../../src/telegram/bot-client.js";
import {
  startTelegramStandIn,
  type TTelegramStandIn,
} from "../../src/telegram/stand-in/telegram-stand-in.js";
import { BOT_TEXT, handleTelegramUpdate } from "../../src/telegram/telegram-updates.js";
import { startTelegramPoller, type TPoller } from "../../src/telegram/telegram-poller.js";
import { signInAs } from "../support/auth.js";
import { testApp } from "../support/deps.js";
import { testConfig, testDeps } from "../support/deps.js";
import { createClient } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { createApplicant } from "../planning/planning-support.js";
import { until } from "../support/until.js";

/**
 * The Telegram chat end to end (docs/outside-channels.md): the product's bot code (grammY's
 * client, our poller, update handler, send job) against the Bot API stand-in, which plays
 * Telegram and the seafarers.
 */
const TOKEN = "4242424242:test-stand-in-token-abcdefghijkl";

let standIn: TTelegramStandIn;
let deps: TDeps;
let app: Express;
let poller: TPoller;
const api = () => request(app);
const db = () => testDeps().db;

/** This file's messages: other files may share the database. */
const FILE_STARTED = new Date();

let nextTelegramId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
const seafarer = (name = "Ivan") => ({ id: nextTelegramId++, first_name: name });

const linkedApplicant = async (who = seafarer()) => {
  const user = await createApplicant({ telegramUserId: String(who.id) });
  return { user, who };
};

beforeAll(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: "crew_test_bot" });
  const base = testDeps();
  const config = testConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: standIn.url });
  deps = {
    ...base,
    config,
    jobs: createJobs(
      { config, db: base.db, logger: base.logger, redis: null, storage: base.storage, bus: base.bus },
      // In this process: on CI's Redis the queue is shared with the other database's run of this
      // file (and its stand-in), so a send could be picked up by the other one's worker.
      { handlers: JOB_HANDLERS, redisUrl: null },
    ),
  };
  app = createApp(deps);
  poller = startTelegramPoller(deps, { holder: "test-a", leaseMs: 3000, pollSeconds: 1 });
  await until("the poller to hold the lease", async () => poller.polling());
});

afterAll(async () => {
  await poller.stop();
  await deps.jobs.stop();
  await standIn.close();
});

describe("Telegram chat", () => {
  it("links a seafarer through a one-time deep link; a used or forged token links nothing", async () => {
    const { headers } = await signInAs("manager", app);
    const user = await createApplicant();
    const link = await api().post("/api/chat_messages/link").set(headers).send({ user_id: user.id });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const url = String(link.body.data.url);
    expect(url).toMatch(/^https:\/\/t\.me\/crew_test_bot\?start=[A-Za-z0-9_-]{32}$/);
    const token = url.split("start=")[1] ?? "";
    // Only the hash is stored.
    const stored = await db().telegramLinkToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toContain(token);

    const who = seafarer("Petro");
    standIn.seafarerWrites(who, `/start ${token}`);
    await until(
      "the link",
      async () => (await db().user.findUnique({ where: { id: user.id } }))?.telegramUserId === String(who.id),
    );
    await until("the greeting", async () =>
      standIn.sent.find((s) => s.chat_id === who.id && s.text.includes("now linked")),
    );
    const greeting = await until("the greeting stored as sent", async () =>
      db().chatMessage.findFirst({ where: { userId: user.id, direction: "out", status: "sent" } }),
    );
    expect(greeting.authorId).toBeNull();

    // The same token again, by someone else: not linked, told politely.
    const other = seafarer("Mallory");
    standIn.seafarerWrites(other, `/start ${token}`);
    standIn.seafarerWrites(other, `/start ${token.slice(0, -1)}x`);
    await until(
      "the refusal",
      async () =>
        standIn.sent.filter((s) => s.chat_id === other.id && s.text === BOT_TEXT.badLink).length === 2,
    );
    expect(await db().user.count({ where: { telegramUserId: String(other.id) } })).toBe(0);

    // The applicant list's Messenger mark.
    const shown = await api().get(`/api/users/${user.id}`).set(headers);
    expect(shown.body.data.attributes.telegram_bot).toBe(true);
  });

  it("stores inbound text and photos, marks need_reaction and tells the staff who wrote to them; a reply clears it", async () => {
    const { headers, client } = await signInAs("manager", app);
    const { user, who } = await linkedApplicant();
    const sent = await api()
      .post("/api/chat_messages")
      .set(headers)
      .send({ to: user.id, body: "Are you ready to join in May?", author_id: 1 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expectJsonApi(sent.body);
    expect(sent.body.data.attributes.status).toBe("queued");
    expect(sent.body.data.attributes.author_name).toBe(client.name);
    await until(
      "the send",
      async () =>
        (await db().chatMessage.findUnique({ where: { id: Number(sent.body.data.id) } }))?.status === "sent",
    );
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).needReaction).toBe(false);

    standIn.seafarerWrites(who, "Yes, ready from the 1st of May");
    standIn.seafarerSendsPhoto(who, "My new medical");
    await until(
      "both inbound",
      async () => (await db().chatMessage.count({ where: { userId: user.id, direction: "in" } })) === 2,
    );
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.needReaction).toBe(true);
    expect(row.lastContact).not.toBeNull();
    const notes = await db().notification.findMany({
      where: { recipientId: client.id, itemLink: `/users/${user.id}/chat` },
    });
    expect(notes.length).toBe(2);
    expect(notes[0]?.primaryText).toContain("wrote on Telegram");

    const list = await api()
      .get(`/api/users/${user.id}/chat_messages`)
      .query({ "page[size]": 999 })
      .set(headers);
    expect(list.status).toBe(200);
    expectJsonApi(list.body);
    const bodies = list.body.data.map((m: { attributes: { body: string } }) => m.attributes.body);
    expect(bodies).toEqual([
      "My new medical",
      "Yes, ready from the 1st of May",
      "Are you ready to join in May?",
    ]);
    expect(list.body.data[0].attributes.file_kind).toBe("photo");
    expect(list.body.data[0].attributes.direction).toBe("in");

    const reply = await api()
      .post("/api/chat_messages")
      .set(headers)
      .send({ to: user.id, body: "Thank you!" });
    expect(reply.status).toBe(201);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).needReaction).toBe(false);
  });

  it("retries a 429 after retry_after and fails a blocked seafarer once, without retrying", async () => {
    const { headers } = await signInAs("manager", app);
    const { user } = await linkedApplicant();
    // An earlier test's reply still on its way would take the 429 meant for this send.
    await until("the earlier sends to leave", async () =>
      (await db().chatMessage.count({ where: { status: "queued", createdAt: { gte: FILE_STARTED } } })) === 0
        ? true
        : null,
    );
    standIn.throttleNext(1, 1);
    const before = standIn.calls.length;
    const sent = await api()
      .post("/api/chat_messages")
      .set(headers)
      .send({ to: user.id, body: "Vacancy: 2/O on a bulker" });
    const id = Number(sent.body.data.id);
    const done = await until("the send after the 429", async () => {
      const m = await db().chatMessage.findUnique({ where: { id } });
      return m?.status === "sent" ? m : null;
    });
    expect(done.telegramMessageId).not.toBeNull();
    const calls = standIn.calls.slice(before).filter((c) => c.method === "sendMessage");
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);

    const blocked = await linkedApplicant();
    standIn.block(blocked.who.id);
    const mark = standIn.calls.length;
    const refused = await api()
      .post("/api/chat_messages")
      .set(headers)
      .send({ to: blocked.user.id, body: "Hello?" });
    const failed = await until("the failure", async () => {
      const m = await db().chatMessage.findUnique({ where: { id: Number(refused.body.data.id) } });
      return m?.status === "failed" ? m : null;
    });
    expect(failed.error).toBe("The seafarer blocked the bot");
    await new Promise((r) => setTimeout(r, 300));
    expect(standIn.calls.slice(mark).filter((c) => c.method === "sendMessage").length).toBe(1);
    const shown = await api().get(`/api/chat_messages/${failed.id}`).set(headers);
    expect(shown.body.data.attributes.error).toBe("The seafarer blocked the bot");
  });

  it("handles each update once, however often it comes", async () => {
    const { user, who } = await linkedApplicant();
    const update = {
      update_id: 2_000_000 + Math.floor(Math.random() * 1_000_000),
      message: {
        message_id: 5,
        date: Math.floor(Date.now() / 1000),
        chat: { id: who.id, type: "private" as const, first_name: who.first_name },
        from: { id: who.id, is_bot: false, first_name: who.first_name },
        text: "Twice delivered",
      },
    };
    await handleTelegramUpdate(deps, update);
    await handleTelegramUpdate(deps, update);
    expect(await db().chatMessage.count({ where: { userId: user.id, body: "Twice delivered" } })).toBe(1);
  });

  it("answers someone unknown politely and tells the admins", async () => {
    const admin = await createClient({ role: "admin" });
    const stranger = seafarer("Stranger");
    standIn.seafarerWrites(stranger, "Hi, do you have jobs for a cook?");
    await until("the answer", async () =>
      standIn.sent.find((s) => s.chat_id === stranger.id && s.text === BOT_TEXT.unknown),
    );
    const note = await db().notification.findFirst({
      where: { recipientId: admin.id, primaryText: { contains: "Stranger" } },
    });
    expect(note?.secondaryText).toContain("cook");
  });

  it("refuses bad sends: unknown applicant 404, not linked 422 on to, empty body 422, partner 403", async () => {
    const { headers } = await signInAs("manager", app);
    const notLinked = await createApplicant();
    const missing = await api()
      .post("/api/chat_messages")
      .set(headers)
      .send({ to: 2_000_000_000, body: "x" });
    expect(missing.status).toBe(404);
    const unlinked = await api()
      .post("/api/chat_messages")
      .set(headers)
      .send({ to: notLinked.id, body: "x" });
    expect(unlinked.status).toBe(422);
    expect(unlinked.body.errors[0].source.pointer).toBe("/data/attributes/to");
    const empty = await api().post("/api/chat_messages").set(headers).send({ to: notLinked.id, body: "  " });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].source.pointer).toBe("/data/attributes/body");
    // A server without a bot: the send and the link are a 409, the webhook does not exist.
    const { user: linked } = await linkedApplicant();
    const plain = await signInAs("manager");
    const noBot = await request(testApp())
      .post("/api/chat_messages")
      .set(plain.headers)
      .send({ to: linked.id, body: "x" });
    expect(noBot.status).toBe(409);
    const noLink = await request(testApp())
      .post("/api/chat_messages/link")
      .set(plain.headers)
      .send({ user_id: linked.id });
    expect(noLink.status).toBe(409);
    expect((await request(testApp()).post("/api/telegram/webhook").send({ update_id: 1 })).status).toBe(404);
    const partner = await signInAs("partner", app);
    const list = await api().get(`/api/users/${notLinked.id}/chat_messages`).set(partner.headers);
    expect([403, 404]).toContain(list.status);
    expect(await db().chatMessage.count({ where: { userId: notLinked.id } })).toBe(0);
  });

  it("takes webhook calls only with Telegram's secret-token header", async () => {
    const { user, who } = await linkedApplicant();
    const update = (id: number, text: string) => ({
      update_id: id,
      message: {
        message_id: 9,
        date: Math.floor(Date.now() / 1000),
        chat: { id: who.id, type: "private", first_name: "Ivan" },
        from: { id: who.id, is_bot: false, first_name: "Ivan" },
        text,
      },
    });
    const id = 5_000_000 + Math.floor(Math.random() * 1_000_000);
    const forged = await api().post("/api/telegram/webhook").send(update(id, "forged"));
    expect(forged.status).toBe(401);
    const wrong = await api()
      .post("/api/telegram/webhook")
      .set("X-Telegram-Bot-Api-Secret-Token", "not-the-secret-value")
      .send(update(id, "forged"));
    expect(wrong.status).toBe(401);
    expect(await db().chatMessage.count({ where: { userId: user.id } })).toBe(0);
    const secret = webhookSecret(deps.config) ?? "";
    expect(secret).not.toContain(TOKEN);
    const ok = await api()
      .post("/api/telegram/webhook")
      .set("X-Telegram-Bot-Api-Secret-Token", secret)
      .send(update(id, "by webhook"));
    expect(ok.status).toBe(200);
    const again = await api()
      .post("/api/telegram/webhook")
      .set("X-Telegram-Bot-Api-Secret-Token", secret)
      .send(update(id, "by webhook"));
    expect(again.status).toBe(200);
    expect(await db().chatMessage.count({ where: { userId: user.id, body: "by webhook" } })).toBe(1);
    const bad = await api()
      .post("/api/telegram/webhook")
      .set("X-Telegram-Bot-Api-Secret-Token", secret)
      .send({ nope: 1 });
    expect(bad.status).toBe(400);
  });

  it("lets one of two pollers poll; the other takes over when it stops", async () => {
    const second = startTelegramPoller(deps, { holder: "test-b", leaseMs: 3000, pollSeconds: 1 });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      expect(poller.polling()).toBe(true);
      expect(second.polling()).toBe(false);
      await poller.stop();
      await until("the second poller", async () => second.polling(), 8000);
      const { user, who } = await linkedApplicant();
      standIn.seafarerWrites(who, "Still there?");
      await until("the message through the second poller", async () =>
        db().chatMessage.findFirst({ where: { userId: user.id, body: "Still there?" } }),
      );
    } finally {
      poller = second;
    }
  });
});
