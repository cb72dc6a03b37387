import ExcelJS from "exceljs";
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
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testConfig, testDeps } from "../support/deps.js";
import { download } from "../support/download.js";
import { createApplicant } from "../planning/planning-support.js";
import { until } from "../support/until.js";

/**
 * Sending a survey (docs/tasks.md "Sending a survey"): a personal link per seafarer, sent on
 * Telegram (the stand-in plays Telegram) or handed back to staff; the public form stores the
 * answers once; results per question and the xlsx.
 */
const TOKEN = "4343434343:survey-stand-in-token-abcdefgh";
let standIn: TTelegramStandIn;
let deps: TDeps;
let app: Express;
const api = () => request(app);
const db = () => testDeps().db;

const definition = {
  title: "Sign-off debrief",
  questions: [
    { id: "food", kind: "rating", title: "How was the food?", required: true, scale: 5 },
    { id: "again", kind: "single", title: "Would you sail with us again?", options: ["Yes", "Maybe", "No"] },
    { id: "ports", kind: "multiple", title: "Ports you liked", options: ["Rotterdam", "Santos", "Busan"] },
    { id: "days", kind: "number", title: "Days of overtime", min: 0, max: 100 },
    { id: "home", kind: "date", title: "Home since" },
    { id: "ok", kind: "yes_no", title: "Was the handover fine?" },
    { id: "note", kind: "text", title: "Anything else?", multiline: true },
    { id: "scan", kind: "file", title: "Your sign-off report" },
  ],
};

const makeSurvey = async (headers: TAuthHeaders) => {
  const res = await api()
    .post("/api/survey_schemas")
    .set(headers)
    .send({ data: { type: "survey_schemas", attributes: { title: "Debrief", definition } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.data.id);
};

const tokenOf = (url: string) => url.split("/survey/")[1] ?? "";
const post = (token: string, form: string) => api().post(`/survey/${token}`).type("form").send(form);

let nextTelegramId = 800_000_000 + Math.floor(Math.random() * 1_000_000);

beforeAll(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: "crew_survey_bot" });
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

describe("sending a survey", () => {
  it("sends on Telegram to a linked seafarer, hands back a link for the others, and stores answers once", async () => {
    const { headers } = await signInAs("admin", app);
    const id = await makeSurvey(headers);
    const telegramId = nextTelegramId++;
    const linked = await createApplicant({ telegramUserId: String(telegramId), name: "Petro" });
    const plain = await createApplicant({ name: "Oleh" });

    const sent = await api()
      .post(`/api/survey_schemas/${id}/send`)
      .set(headers)
      .send({ user_ids: [linked.id, plain.id] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.meta.message).toBe("The survey is on its way");
    const byUser = new Map<string, { channel: string; url: string }>(
      sent.body.data.sent.map((s: { user_id: string; channel: string; url: string }) => [s.user_id, s]),
    );
    expect(byUser.get(String(linked.id))?.channel).toBe("telegram");
    expect(byUser.get(String(plain.id))?.channel).toBe("link");
    const linkedUrl = byUser.get(String(linked.id))!.url;
    expect(linkedUrl).toMatch(/\/survey\/[A-Za-z0-9_-]{43}$/);

    // The Telegram message carries the link and is stored in the chat as sent.
    const delivered = await until("the survey message", async () =>
      standIn.sent.find((s) => s.chat_id === telegramId && s.text.includes(linkedUrl)),
    );
    expect(delivered.text).toContain("Sign-off debrief");
    await until("the chat row sent", async () =>
      db().chatMessage.findFirst({
        where: { userId: linked.id, status: "sent", body: { contains: linkedUrl } },
      }),
    );
    // Only the token's hash is stored.
    const row = await db().surveyResponse.findFirstOrThrow({ where: { userId: linked.id } });
    expect(row.tokenHash).not.toContain(tokenOf(linkedUrl));

    // The form opens with the seafarer's name and every question; the file question points to Telegram.
    const token = tokenOf(linkedUrl);
    const form = await api().get(`/survey/${token}`);
    expect(form.status).toBe(200);
    expect(form.headers["referrer-policy"]).toBe("no-referrer");
    expect(form.headers["cache-control"]).toBe("no-store");
    expect(form.text).toContain("Dear Petro");
    expect(form.text).toContain("How was the food?");
    expect(form.text).toContain("on Telegram");

    // Refused field by field: the required rating missing, a number out of range, a made-up option.
    const bad = await post(token, "days=500&again=Never&home=2026-02-30");
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="q-food"[\s\S]*Please answer/);
    expect(bad.text).toContain("Must be at most 100");
    expect(bad.text).toContain("Is not one of the options");
    expect(bad.text).toContain("Is not a date");
    // What was typed is kept.
    expect(bad.text).toContain('value="500"');
    expect((await db().surveyResponse.findUniqueOrThrow({ where: { id: row.id } })).submittedAt).toBeNull();

    const good = await post(
      token,
      "food=4&again=Yes&ports=Rotterdam&ports=Busan&days=12&home=2026-03-01&ok=yes&note=Good+crew&evil=1",
    );
    expect(good.status, good.text).toBe(200);
    expect(good.text).toContain("Thank you");
    const stored = await db().surveyResponse.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored.answers).toEqual({
      food: 4,
      again: "Yes",
      ports: ["Rotterdam", "Busan"],
      days: 12,
      home: "2026-03-01",
      ok: true,
      note: "Good crew",
    });
    // Once only: a second submit and the form both say it was answered.
    expect((await post(token, "food=1")).status).toBe(410);
    expect((await api().get(`/survey/${token}`)).status).toBe(410);
    expect((await db().surveyResponse.findUniqueOrThrow({ where: { id: row.id } })).answers).toEqual(
      stored.answers,
    );

    // The second seafarer answers through the link staff passed on.
    const plainToken = tokenOf(byUser.get(String(plain.id))!.url);
    expect((await post(plainToken, "food=2&again=No&days=3&ok=no&note=Too+long")).status).toBe(200);

    // The answers are on the seafarer's record.
    const onRecord = await api().get(`/api/users/${linked.id}/survey_responses`).set(headers);
    expect(onRecord.status, JSON.stringify(onRecord.body)).toBe(200);
    expect(onRecord.body.data[0].attributes).toMatchObject({
      survey_title: "Debrief",
      status: "answered",
      channel: "telegram",
    });

    // Results per question.
    const results = await api().get(`/api/survey_schemas/${id}/results`).set(headers);
    expect(results.status, JSON.stringify(results.body)).toBe(200);
    const r = results.body.data;
    expect(r).toMatchObject({ sent: 2, answered: 2 });
    const q = (qid: string) => r.questions.find((x: { id: string }) => x.id === qid);
    expect(q("food")).toMatchObject({ answered: 2, average: 3, min: 2, max: 4 });
    expect(q("food").counts.map((c: { count: number }) => c.count)).toEqual([0, 1, 0, 1, 0]);
    expect(q("again").counts).toEqual([
      { value: "Yes", count: 1 },
      { value: "Maybe", count: 0 },
      { value: "No", count: 1 },
    ]);
    expect(q("ports").counts.find((c: { value: string }) => c.value === "Busan").count).toBe(1);
    expect(q("ok").counts).toEqual([
      { value: "Yes", count: 1 },
      { value: "No", count: 1 },
    ]);
    expect(
      q("note")
        .latest.map((l: { value: string }) => l.value)
        .sort(),
    ).toEqual(["Good crew", "Too long"]);
    expect(q("scan")).toBeUndefined();

    // Sending again skips who answered.
    const again = await api()
      .post(`/api/survey_schemas/${id}/send`)
      .set(headers)
      .send({ user_ids: [linked.id] });
    expect(again.status).toBe(201);
    expect(again.body.data.sent).toEqual([]);
    expect(again.body.data.skipped[0].reason).toBe("has answered already");

    // The workbook: a summary and one row per seafarer.
    const xlsx = await download(api().get(`/api/survey_schemas/${id}/results_xlsx`).set(headers));
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.body).buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Summary", "Answers"]);
    const answers = book.getWorksheet("Answers")!;
    expect(answers.rowCount).toBe(3);
    expect(answers.getRow(1).values).toContain("How was the food?");
  });

  it("renews an unanswered link (the old one stops working); bad tokens and sends are refused", async () => {
    const { headers } = await signInAs("admin", app);
    const id = await makeSurvey(headers);
    const user = await createApplicant();
    const first = await api()
      .post(`/api/survey_schemas/${id}/send`)
      .set(headers)
      .send({ user_ids: [user.id] });
    const second = await api()
      .post(`/api/survey_schemas/${id}/send`)
      .set(headers)
      .send({ user_ids: [user.id] });
    const t1 = tokenOf(first.body.data.sent[0].url);
    const t2 = tokenOf(second.body.data.sent[0].url);
    expect(t1).not.toBe(t2);
    expect((await api().get(`/survey/${t1}`)).status).toBe(404);
    expect((await api().get(`/survey/${t2}`)).status).toBe(200);
    // Forged, malformed and expired tokens: the same 404 page.
    const forged = `${t2.slice(0, -1)}${t2.endsWith("A") ? "B" : "A"}`;
    const gone = await api().get(`/survey/${forged}`);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("This link is not valid");
    expect((await api().get("/survey/short")).status).toBe(404);
    await db().surveyResponse.updateMany({
      where: { surveySchemaId: Number(id) },
      data: { expiresAt: new Date(0) },
    });
    expect((await api().get(`/survey/${t2}`)).status).toBe(404);
    expect((await post(t2, "food=3")).status).toBe(404);

    // Bad sends: nobody, a missing seafarer, the same seafarer twice, an unknown survey.
    const bad = async (body: object, status: number, pointer?: string) => {
      const res = await api().post(`/api/survey_schemas/${id}/send`).set(headers).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (pointer) expect(res.body.errors[0].source.pointer).toBe(pointer);
    };
    await bad({ user_ids: [] }, 422, "/data/attributes/user_ids");
    await bad({ user_ids: [user.id, user.id] }, 422, "/data/attributes/user_ids");
    await bad({ user_ids: [999_999_999] }, 404);
    expect(
      (
        await api()
          .post("/api/survey_schemas/999999999/send")
          .set(headers)
          .send({ user_ids: [user.id] })
      ).status,
    ).toBe(404);
  });

  it("is for staff with the survey creator permission only", async () => {
    const { headers } = await signInAs("admin", app);
    const id = await makeSurvey(headers);
    const user = await createApplicant();
    const partner = await signInAs("partner", app);
    expect(
      (
        await api()
          .post(`/api/survey_schemas/${id}/send`)
          .set(partner.headers)
          .send({ user_ids: [user.id] })
      ).status,
    ).toBe(403);
    expect((await api().get(`/api/survey_schemas/${id}/results`).set(partner.headers)).status).toBe(403);
  });
});
