import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDeps } from "../../src/deps.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import {
  startTelegramStandIn,
  type TTelegramStandIn,
} from "../../src/telegram/stand-in/telegram-stand-in.js";
import { startTelegramPoller, type TPoller } from "../../src/telegram/telegram-poller.js";
import { testConfig, testDeps } from "../support/deps.js";
import { createApplicant } from "../planning/planning-support.js";
import { until } from "../support/until.js";

/** A seafarer's photo and document on Telegram land in the applicant's attachments (docs/outside-channels.md "Files"). */
const TOKEN = "4444444444:files-stand-in-token-abcdefghij";
let standIn: TTelegramStandIn;
let deps: TDeps;
let poller: TPoller;
const db = () => testDeps().db;

beforeAll(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: "crew_files_bot" });
  const base = testDeps();
  const config = testConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: standIn.url });
  deps = {
    ...base,
    config,
    jobs: createJobs(
      { config, db: base.db, logger: base.logger, redis: null, storage: base.storage, bus: base.bus },
      { handlers: JOB_HANDLERS, redisUrl: null },
    ),
  };
  poller = startTelegramPoller(deps, { holder: `files-${Date.now()}`, leaseMs: 3000, pollSeconds: 1 });
  await until("the poller", async () => poller.polling());
});

afterAll(async () => {
  await poller.stop();
  await deps.jobs.stop();
  await standIn.close();
});

describe("Telegram files", () => {
  it("saves a photo and a document the seafarer sends as the applicant's attachments, checked by content", async () => {
    const who = { id: 700_000_000 + Math.floor(Math.random() * 1_000_000), first_name: "Taras" };
    const user = await createApplicant({ telegramUserId: String(who.id) });
    standIn.seafarerSendsPhoto(who, "My new passport");
    standIn.seafarerSendsDocument(who, "medical.pdf");
    const saved = await until("both files saved", async () => {
      const rows = await db().chatMessage.findMany({ where: { userId: user.id, direction: "in" } });
      return rows.length === 2 && rows.every((r) => r.attachmentId) ? rows : null;
    });
    const attachments = await db().attachment.findMany({
      where: { userId: user.id },
      orderBy: { id: "asc" },
    });
    expect(attachments).toHaveLength(2);
    expect(saved.map((m) => m.attachmentId).sort()).toEqual(attachments.map((a) => a.id).sort());
    const files = await db().storedFile.findMany({
      where: { recordType: "attachments", recordId: { in: attachments.map((a) => a.id) } },
    });
    expect(files.map((f) => f.contentType).sort()).toEqual(["application/pdf", "image/jpeg"]);
    expect(files.find((f) => f.contentType === "application/pdf")?.filename).toBe("medical.pdf");
    expect(attachments.some((a) => a.title.includes("My new passport"))).toBe(true);
    // The stored bytes are what Telegram served.
    const pdf = files.find((f) => f.contentType === "application/pdf")!;
    const body = await deps.storage.get(pdf.key);
    expect(body).toBeTruthy();
  });
});
