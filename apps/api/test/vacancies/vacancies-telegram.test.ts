import request from "supertest";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import type { TJobs } from "../../src/jobs/types.js";
import { vacancyChannelSweepHandler } from "../../src/resources/vacancies/vacancy-channel-handler.js";
import {
  startTelegramStandIn,
  type TTelegramStandIn,
} from "../../src/telegram/stand-in/telegram-stand-in.js";
import type { TConfig } from "../../src/config.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testConfig, testDeps } from "../support/deps.js";
import { createRank, createVessel } from "../support/factories.js";
import { runJobOnce } from "../support/run-job.js";

/**
 * Vacancies posted to the company's Telegram channel (docs/vacancies.md "Telegram channel"): the
 * product's code (grammY's client, the republish action, an edit of the sources, the sweep job
 * queued after the commit) against the Bot API stand-in, which plays Telegram and the channel.
 * Jobs run in this process with the bot's configuration, as on a laptop install.
 */
const TOKEN = "4343434343:test-stand-in-token-vacancy-channel";
const CHANNEL = -1001234567890;

let standIn: TTelegramStandIn;
let config: TConfig;
let app: Express;
let admin: TAuthHeaders;
let jobs: TJobs;
const api = () => request(app);
const db = () => testDeps().db;
const rel = (type: string, id: number) => ({ data: { type, id: String(id) } });

beforeAll(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: "crew_jobs_bot" });
  config = testConfig({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: standIn.url,
    TELEGRAM_CHANNEL_ID: String(CHANNEL),
    PUBLIC_URL: "https://crew.example.com",
  });
  const deps = testDeps();
  jobs = createJobs(
    { ...deps, config, redis: null },
    { handlers: JOB_HANDLERS, redisUrl: null, schedules: false },
  );
  app = createApp({ ...deps, config, jobs });
  admin = (await signInAs("admin", app)).headers;
});

afterAll(async () => {
  await jobs.stop();
  await standIn.close();
});

const newVacancy = async (attributes: Record<string, unknown>) => {
  const rank = await createRank();
  const vessel = await createVessel();
  const res = await api()
    .post("/api/vacancies")
    .set(admin)
    .send({
      data: {
        type: "vacancies",
        attributes: { start: "2027-04-01", contract_duration: 6, wage: 9000, ...attributes },
        relationships: { rank: rel("ranks", rank.id), vessel: rel("vessels", vessel.id) },
      },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: Number(res.body.data.id), rank, vessel };
};

const republish = (vacancyId: number) =>
  api().post("/api/vacancies/republish").set(admin).send({ vacancyId, source: "telegram" });

const postOf = (id: number) =>
  db().vacancy.findUniqueOrThrow({
    where: { id },
    select: { telegramChatId: true, telegramMessageId: true, sources: true, published: true },
  });

const channelPosts = () => standIn.sent.filter((m) => m.chat_id === CHANNEL);

const patch = (id: number, attributes: Record<string, unknown>, on: Express = app) =>
  request(on)
    .patch(`/api/vacancies/${id}`)
    .set(admin)
    .send({ data: { type: "vacancies", id: String(id), attributes } });

/** The take-down runs as a job queued after the commit: wait for it (well within the minute of the sweep). */
const eventually = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 50 });

describe("vacancies on the Telegram channel", () => {
  it("posts to the channel, reposts on republish, and takes the post off when unpublished", async () => {
    const { id, rank, vessel } = await newVacancy({
      published: true,
      description: "Crude tanker <b>trading</b> worldwide",
      requirements: "Tanker endorsement",
    });
    const res = await republish(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ published: true, sources: ["site", "telegram"] });
    const first = channelPosts().at(-1);
    expect(first?.text).toContain(`${rank.title} · ${vessel.name}`);
    expect(first?.text).toContain("Joining 2027-04-01 · 6 months · USD 9,000 a month");
    // Plain text: what staff typed goes as written, never read as markup.
    expect(first?.text).toContain("Crude tanker <b>trading</b> worldwide");
    expect(first?.text).toContain("Requirements: Tanker endorsement");
    expect(first?.text).toContain(`Apply: https://crew.example.com/jobs/${id}?source=telegram`);
    expect(await postOf(id)).toMatchObject({
      telegramChatId: String(CHANNEL),
      telegramMessageId: first?.message_id,
    });

    // Republishing posts it anew (on top of the channel) and deletes the previous post.
    const again = await republish(id);
    expect(again.status).toBe(200);
    const second = channelPosts().at(-1);
    expect(second?.message_id).not.toBe(first?.message_id);
    expect(standIn.deleted).toContainEqual({ chat_id: CHANNEL, message_id: first?.message_id });
    expect(standIn.live.has(`${CHANNEL}:${second?.message_id}`)).toBe(true);
    expect((await postOf(id)).telegramMessageId).toBe(second?.message_id);

    // Unpublishing clears every source; the job queued after the commit deletes the post and
    // forgets it, without waiting for the minute's sweep.
    const off = await patch(id, { published: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.attributes.sources).toEqual([]);
    await eventually(async () => {
      expect(standIn.deleted).toContainEqual({ chat_id: CHANNEL, message_id: second?.message_id });
      expect(await postOf(id)).toMatchObject({ telegramChatId: null, telegramMessageId: null });
    });
    expect(standIn.live.has(`${CHANNEL}:${second?.message_id}`)).toBe(false);
    // A second sweep has nothing left to do.
    const calls = standIn.calls.length;
    await runJobOnce(vacancyChannelSweepHandler, {}, { config });
    expect(standIn.calls.slice(calls).filter((c) => c.method === "deleteMessage")).toEqual([]);
  });

  it("marks the post closed where Telegram refuses the delete; taking telegram off the sources is enough", async () => {
    const { id, rank } = await newVacancy({});
    const res = await republish(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Not published before: the republish publishes it, on Telegram only.
    expect(res.body.data.attributes).toMatchObject({ published: true, sources: ["telegram"] });
    const post = channelPosts().at(-1);
    // Not on the site: the post tells to apply by mail or quote the reference instead of a link.
    expect(post?.text).not.toContain("/jobs/");
    expect(post?.text).toContain(`V-${id}`);
    standIn.refuseDeletes(true);
    try {
      const off = await patch(id, { sources: ["site"] });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      await eventually(async () => {
        expect(standIn.edited).toContainEqual({
          chat_id: CHANNEL,
          message_id: post?.message_id,
          text: `Closed: ${rank.title}. This vacancy is no longer open.`,
        });
        expect((await postOf(id)).telegramMessageId).toBeNull();
      });
    } finally {
      standIn.refuseDeletes(false);
    }
  });

  it("keeps Telegram's pace after a 429; a refusal is a 409 and writes nothing", async () => {
    const { id } = await newVacancy({ published: true });
    standIn.throttleNext(1, 1);
    const started = Date.now();
    const res = await republish(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const throttled = standIn.calls.filter((c) => c.method === "sendMessage" && c.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(1);

    // The bot removed from the channel: Telegram answers 403; nothing is recorded.
    const { id: other } = await newVacancy({ published: true });
    standIn.block(CHANNEL);
    const refused = await republish(other);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.errors[0].detail).toContain("not posted to Telegram");
    expect(await postOf(other)).toMatchObject({ sources: ["site"], telegramMessageId: null });
    standIn.unblock(CHANNEL);
  });

  it("an edit that puts a vacancy on the telegram source posts it, as republish does", async () => {
    const { id } = await newVacancy({ published: true });
    const before = channelPosts().length;
    const res = await patch(id, { sources: ["site", "telegram"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ published: true, sources: ["site", "telegram"] });
    expect(channelPosts()).toHaveLength(before + 1);
    const post = channelPosts().at(-1);
    expect(post?.text).toContain(`Apply: https://crew.example.com/jobs/${id}?source=telegram`);
    expect(await postOf(id)).toMatchObject({
      telegramChatId: String(CHANNEL),
      telegramMessageId: post?.message_id,
    });

    // Editing something else leaves the post alone: no second post, nothing taken off.
    const wage = await patch(id, { wage: 9500 });
    expect(wage.status).toBe(200);
    expect(channelPosts()).toHaveLength(before + 1);
    expect((await postOf(id)).telegramMessageId).toBe(post?.message_id);

    // Deleting the vacancy takes its post down at once (no row is left for the sweep to find).
    const gone = await api().delete(`/api/vacancies/${id}`).set(admin);
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    await eventually(() => {
      expect(standIn.deleted).toContainEqual({ chat_id: CHANNEL, message_id: post?.message_id });
    });

    // Created published straight onto the channel: posted too.
    const { id: created } = await newVacancy({ published: true, sources: ["telegram"] });
    const made = channelPosts().at(-1);
    expect(made?.text).toContain(`V-${created}`);
    expect((await postOf(created)).telegramMessageId).toBe(made?.message_id);
  });

  it("an edit onto the channel that Telegram refuses, or with no bot, is a 409 and writes nothing", async () => {
    const { id } = await newVacancy({ published: true });
    standIn.block(CHANNEL);
    try {
      const refused = await patch(id, { sources: ["site", "telegram"], wage: 12000 });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.errors[0].detail).toContain("not posted to Telegram");
    } finally {
      standIn.unblock(CHANNEL);
    }
    const row = await db().vacancy.findUniqueOrThrow({
      where: { id },
      select: { sources: true, wage: true },
    });
    expect(row).toMatchObject({ sources: ["site"], wage: 9000 });

    // A server without a bot: the same edit is refused, naming what is missing.
    const noBot = await request(testApp())
      .patch(`/api/vacancies/${id}`)
      .set((await signInAs("admin", testApp())).headers)
      .send({ data: { type: "vacancies", id: String(id), attributes: { sources: ["telegram"] } } });
    expect(noBot.status, JSON.stringify(noBot.body)).toBe(409);
    expect(noBot.body.errors[0].detail).toContain("TELEGRAM_BOT_TOKEN");
    expect((await postOf(id)).sources).toEqual(["site"]);
  });
});
