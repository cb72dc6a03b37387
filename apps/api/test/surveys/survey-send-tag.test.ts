import { randomUUID } from "node:crypto";
import request from "supertest";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { TDeps } from "../../src/deps.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import {
  startTelegramStandIn,
  type TTelegramStandIn,
} from "../../src/telegram/stand-in/telegram-stand-in.js";
import { signInAs, signInWith, type TAuthHeaders } from "../support/auth.js";
import { revoking, testConfig, testDeps } from "../support/deps.js";
import { createClient } from "../support/factories.js";
import { createApplicant } from "../planning/planning-support.js";
import { until } from "../support/until.js";

/**
 * A survey sent to a tag (docs/tasks.md "Sending a survey to a tag"): the count first (a 409
 * carrying it, nothing written), then the confirmed count makes one link per seafarer in one
 * transaction and the Telegram ones go through the broadcast queue to the Bot API stand-in.
 */
const TOKEN = `4343434343:survey-tag-token-${randomUUID().slice(0, 8)}`;
let standIn: TTelegramStandIn;
let deps: TDeps;
let app: Express;
const api = () => request(app);
const db = () => testDeps().db;
let nextTelegramId = 810_000_000 + Math.floor(Math.random() * 1_000_000);

const definition = {
  title: "Vessel appraisal",
  questions: [{ id: "food", kind: "rating", title: "How was the food?", required: true, scale: 5 }],
};

const makeSurvey = async (headers: TAuthHeaders) => {
  const res = await api()
    .post("/api/survey_schemas")
    .set(headers)
    .send({ data: { type: "survey_schemas", attributes: { title: "Appraisal", definition } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.data.id);
};

/** A tag of `linked` seafarers on Telegram and `plain` without. */
const makeTag = async (linked: number, plain: number) => {
  const tag = await db().tag.create({ data: { name: `survey-tag-${randomUUID().slice(0, 8)}` } });
  const onTelegram: { id: number; chatId: number }[] = [];
  for (let i = 0; i < linked; i += 1) {
    const chatId = nextTelegramId++;
    const user = await createApplicant({ telegramUserId: String(chatId) });
    onTelegram.push({ id: user.id, chatId });
  }
  const without: number[] = [];
  for (let i = 0; i < plain; i += 1) without.push((await createApplicant({})).id);
  await db().userTag.createMany({
    data: [...onTelegram.map((u) => u.id), ...without].map((userId) => ({ userId, tagId: tag.id })),
  });
  return { tag, onTelegram, without };
};

const sendToTag = (headers: TAuthHeaders, surveyId: string, body: object) =>
  api().post(`/api/survey_schemas/${surveyId}/send_to_tag`).set(headers).send(body);

beforeAll(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: "crew_survey_tag_bot" });
  const base = testDeps();
  const config = testConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: standIn.url });
  deps = {
    ...base,
    config,
    // In this process: CI's Redis queue is shared with the other database's run of this file.
    jobs: createJobs(
      { config, db: base.db, logger: base.logger, redis: null, storage: base.storage, bus: base.bus },
      { handlers: JOB_HANDLERS, redisUrl: null },
    ),
  };
  app = createApp(deps);
});

afterAll(async () => {
  await deps.jobs.stop();
  await standIn.close();
});

describe("sending a survey to a tag", () => {
  it("counts first, refuses a stale count, makes one link each, delivers on Telegram, never doubles", async () => {
    const { headers } = await signInAs("admin", app);
    const surveyId = await makeSurvey(headers);
    const { tag, onTelegram, without } = await makeTag(3, 2);
    const members = [...onTelegram.map((u) => u.id), ...without];
    const rowsOf = () => db().surveyResponse.findMany({ where: { surveySchemaId: Number(surveyId) } });

    // The count: a 409 carrying it; nothing written.
    const count = await sendToTag(headers, surveyId, { tag_id: tag.id });
    expect(count.status, JSON.stringify(count.body)).toBe(409);
    expect(count.body.errors[0].code).toBe("confirm_count");
    expect(count.body.errors[0].meta).toEqual({
      tag_id: tag.id,
      tag: tag.name,
      seafarers: 5,
      answered: 0,
      open_links: 0,
      reach: 5,
      on_telegram: 3,
      without_telegram: 2,
    });
    expect(await rowsOf()).toHaveLength(0);
    expect(await db().chatMessage.count({ where: { userId: { in: members } } })).toBe(0);

    // The tag changed after the count was shown: 409 with the new count, still nothing written.
    const late = await createApplicant({});
    await db().userTag.create({ data: { userId: late.id, tagId: tag.id } });
    const stale = await sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].meta).toMatchObject({ reach: 6, without_telegram: 3 });
    expect(stale.body.errors[0].detail).toContain("not 5");
    expect(await rowsOf()).toHaveLength(0);

    // Bad input names its field.
    const bad = await sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/confirm");
    const noTag = await sendToTag(headers, surveyId, { tag_id: 2_000_000_000 });
    expect(noTag.status).toBe(422);
    expect(noTag.body.errors[0].source.pointer).toBe("/data/attributes/tag_id");

    // Confirmed: exactly one link per seafarer; the Telegram ones as one delivery task.
    const sent = await sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 6 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.meta.message).toBe("The survey is on its way to the tag");
    expect(sent.body.data).toMatchObject({ reach: 6, on_telegram: 3, without_telegram: 3 });
    const links: { user_id: string; url: string }[] = sent.body.data.links;
    expect(links.map((l) => Number(l.user_id)).sort()).toEqual([...without, late.id].sort());
    expect(links.every((l) => /\/survey\/[A-Za-z0-9_-]{43}$/.test(l.url))).toBe(true);
    const rows = await rowsOf();
    expect(rows.map((r) => r.userId).sort()).toEqual([...members, late.id].sort());
    expect(
      rows
        .filter((r) => r.channel === "telegram")
        .map((r) => r.userId)
        .sort(),
    ).toEqual(onTelegram.map((u) => u.id).sort());

    // The delivery: the broadcast's task finishes with every message sent; each seafarer on
    // Telegram got exactly one message with their own link.
    const taskId = sent.body.data.background_task_id as string;
    const done = await until(
      "the delivery to finish",
      async () => {
        const res = await api().get(`/api/background_tasks/${taskId}`).set(headers);
        return res.body.data?.attributes?.status === "done" ? res.body.data.attributes : null;
      },
      30_000,
    );
    expect(done).toMatchObject({ kind: "survey_schemas.send_to_tag", done: 3, total: 3 });
    expect(done.result).toEqual({ sent: 3, failed: 0, queued: 0 });
    const texts = new Map<number, string[]>();
    for (const s of standIn.sent)
      if (onTelegram.some((u) => u.chatId === s.chat_id))
        texts.set(s.chat_id, [...(texts.get(s.chat_id) ?? []), s.text]);
    expect(texts.size).toBe(3);
    for (const u of onTelegram) {
      const got = texts.get(u.chatId) ?? [];
      expect(got).toHaveLength(1);
      const token = /\/survey\/([A-Za-z0-9_-]{43})/.exec(got[0] ?? "")?.[1] ?? "";
      // The link in the message opens that seafarer's own form.
      const form = await api().get(`/survey/${token}`);
      expect(form.status).toBe(200);
      const row = rows.find((r) => r.userId === u.id);
      expect(row?.chatMessageId).not.toBeNull();
    }
    // Each link opens (the ones handed back as well).
    for (const l of links)
      expect((await api().get(`/survey/${l.url.split("/survey/")[1]}`)).status).toBe(200);

    // Again to the same tag: everyone holds an open link, nobody is reached twice.
    const again = await sendToTag(headers, surveyId, { tag_id: tag.id });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].meta).toMatchObject({ seafarers: 6, open_links: 6, reach: 0 });
    expect((await sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 6 })).status).toBe(409);

    // A newcomer and an expired link: only those two are reached; the open links stay as they were.
    const newcomer = await createApplicant({});
    await db().userTag.create({ data: { userId: newcomer.id, tagId: tag.id } });
    const expiredRow = rows.find((r) => r.userId === without[0]);
    await db().surveyResponse.update({
      where: { id: expiredRow?.id ?? 0 },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const second = await sendToTag(headers, surveyId, { tag_id: tag.id });
    expect(second.body.errors[0].meta).toMatchObject({ seafarers: 7, open_links: 5, reach: 2 });
    const confirmed = await sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 2 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.data.background_task_id).toBeNull();
    expect(confirmed.body.data.links.map((l: { user_id: string }) => Number(l.user_id)).sort()).toEqual(
      [without[0], newcomer.id].sort(),
    );
    const after = await rowsOf();
    expect(after).toHaveLength(7);
    for (const r of rows)
      if (r.userId !== without[0])
        expect(after.find((a) => a.userId === r.userId)?.tokenHash).toBe(r.tokenHash);
    expect(standIn.sent.filter((s) => onTelegram.some((u) => u.chatId === s.chat_id))).toHaveLength(3);
  }, 60_000);

  it("writes all of a send or none: two confirms racing make the links once", async () => {
    const { headers } = await signInAs("admin", app);
    const surveyId = await makeSurvey(headers);
    const { tag, onTelegram } = await makeTag(2, 2);
    const [a, b] = await Promise.all([
      sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 4 }),
      sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 4 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await db().surveyResponse.count({ where: { surveySchemaId: Number(surveyId) } })).toBe(4);
    const messages = await db().chatMessage.findMany({
      where: { userId: { in: onTelegram.map((u) => u.id) } },
    });
    expect(messages).toHaveLength(2);
    expect(
      await db().backgroundTask.count({
        where: {
          kind: "survey_schemas.send_to_tag",
          params: { path: ["survey_id"], equals: Number(surveyId) },
        },
      }),
    ).toBe(1);
  }, 30_000);

  it("refuses a role without surveyCreator, and a sender who may not write on the Telegram chat", async () => {
    const { headers: adminHeaders } = await signInAs("admin", app);
    const surveyId = await makeSurvey(adminHeaders);
    const { tag } = await makeTag(1, 1);
    const manager = await signInAs("manager", app);
    const denied = await sendToTag(manager.headers, surveyId, { tag_id: tag.id });
    expect(denied.status).toBe(403);

    // An admin whose own permission record takes tgChat.create away.
    const client = await createClient({ role: "admin" });
    const role = await db().permissionRecord.findFirstOrThrow({
      where: { role: "admin", item: "tgChat", clientId: null },
    });
    await db().permissionRecord.create({
      data: {
        item: "tgChat",
        role: null,
        clientId: client.id,
        permissionType: role.permissionType,
        enable: true,
        canRead: true,
        canCreate: false,
      },
    });
    await revoking((tx) =>
      tx.revision.upsert({
        where: { name: "permissions" },
        create: { name: "permissions", value: 1n },
        update: { value: { increment: 1n } },
      }),
    );
    const { headers } = await signInWith(client.email, undefined, app);
    const noChat = await sendToTag(headers, surveyId, { tag_id: tag.id, confirm: 2 });
    expect(noChat.status).toBe(403);
    expect(noChat.body.errors[0].detail).toContain("Telegram");
    expect(await db().surveyResponse.count({ where: { surveySchemaId: Number(surveyId) } })).toBe(0);
  });
});
