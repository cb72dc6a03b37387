import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInTransaction } from "../src/kernel/transaction-repository.js";
import {
  notificationOutbox,
  type TNotice,
} from "../src/resources/notifications/notification-outbox-repository.js";
import { signInAs } from "./support/auth.js";
import { testApp, testDeps } from "./support/deps.js";
import { createClient } from "./support/factories.js";
import { readEvents } from "./support/live-events.js";

let server: Server;
let base: string;
beforeAll(async () => {
  server = testApp().listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** What a comment's write does: the outbox inside the write's transaction, published after it commits. */
const sendInWrite = (notices: TNotice[], fail = false) =>
  runInTransaction(
    testDeps().db,
    null,
    async (tx) => {
      const sent = await notificationOutbox(tx).send(notices);
      if (fail) throw new Error("the write failed after the notices");
      return sent;
    },
    testDeps().bus,
  );

const notice = (recipientId: number, authorId: number | null, kind: TNotice["kind"]): TNotice => ({
  recipientId,
  authorId,
  kind,
  primaryText: "Anna mentioned you",
  secondaryText: "Call him back tomorrow",
  itemLink: "/",
});

describe("notification settings", () => {
  it("are all on at first, change one kind at a time and are one's own", async () => {
    const { headers } = await signInAs("guest");
    const first = await request(testApp()).get("/api/notifications/settings").set(headers);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      settings: { mention: true, recruited_applicant: true, coordinated_plan: true, task: true },
    });
    const changed = await request(testApp())
      .patch("/api/notifications/settings")
      .set(headers)
      .send({ coordinated_plan: false });
    expect(changed.status).toBe(200);
    expect(changed.body.settings).toEqual({
      mention: true,
      recruited_applicant: true,
      coordinated_plan: false,
      task: true,
    });
    const again = await request(testApp())
      .patch("/api/notifications/settings")
      .set(headers)
      .send({ data: { type: "notifications", attributes: { mention: false } } });
    expect(again.body.settings).toEqual({
      mention: false,
      recruited_applicant: true,
      coordinated_plan: false,
      task: true,
    });
    // Another person's settings are untouched.
    const other = await signInAs("guest");
    expect(
      (await request(testApp()).get("/api/notifications/settings").set(other.headers)).body.settings,
    ).toEqual({ mention: true, recruited_applicant: true, coordinated_plan: true, task: true });
  });

  it("refuse unknown kinds (400) and values that are not on or off (422)", async () => {
    const { headers } = await signInAs("guest");
    const unknown = await request(testApp())
      .patch("/api/notifications/settings")
      .set(headers)
      .send({ birthdays: false });
    expect(unknown.status).toBe(400);
    const bad = await request(testApp())
      .patch("/api/notifications/settings")
      .set(headers)
      .send({ mention: "x" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/mention");
  });
});

describe("the notification outbox", () => {
  it("honours each recipient's settings and never tells authors of their own comments", async () => {
    const author = await createClient({ role: "manager" });
    const keen = await createClient({ role: "manager" });
    const quiet = await createClient({ role: "manager" });
    await testDeps().db.client.update({
      where: { id: quiet.id },
      data: { notificationSettings: { mention: false } },
    });
    const sent = await sendInWrite([
      notice(keen.id, author.id, "mention"),
      notice(quiet.id, author.id, "mention"),
      notice(quiet.id, author.id, "recruited_applicant"),
      notice(author.id, author.id, "mention"),
      notice(quiet.id, null, null),
    ]);
    expect(sent).toBe(3);
    const rows = await testDeps().db.notification.findMany({
      where: { recipientId: { in: [author.id, keen.id, quiet.id] } },
      select: { recipientId: true, kind: true },
      orderBy: { id: "asc" },
    });
    expect(rows).toEqual([
      { recipientId: keen.id, kind: "mention" },
      { recipientId: quiet.id, kind: "recruited_applicant" },
      { recipientId: quiet.id, kind: null },
    ]);
  });

  it("pushes a new notification to its recipient's stream alone, after the write commits", async () => {
    const author = await createClient({ role: "manager" });
    const recipient = await signInAs("manager");
    const bystander = await signInAs("manager");
    const mine = await fetch(`${base}/api/live?types=notifications`, { headers: recipient.headers });
    const theirs = await fetch(`${base}/api/live?types=notifications`, { headers: bystander.headers });
    expect(mine.status).toBe(200);
    const mineEvents = readEvents(mine, 1, 2000);
    const theirEvents = readEvents(theirs, 1, 1500);
    // A write that fails after writing its notices tells no one.
    await expect(sendInWrite([notice(recipient.client.id, author.id, "mention")], true)).rejects.toThrow();
    const started = Date.now();
    await sendInWrite([notice(recipient.client.id, author.id, "mention")]);
    const got = await mineEvents;
    expect(Date.now() - started).toBeLessThan(1000);
    const created = await testDeps().db.notification.findMany({
      where: { recipientId: recipient.client.id },
    });
    expect(created).toHaveLength(1);
    expect(got).toEqual([
      expect.objectContaining({
        type: "notifications",
        event: "create",
        ids: [created[0]!.id],
        actor_id: author.id,
      }),
    ]);
    expect(await theirEvents).toEqual([]);
    const count = await request(testApp())
      .get("/api/notifications/notification_count")
      .set(recipient.headers);
    expect(count.body).toEqual({ unread_count: 1 });
  });

  it("keeps a deleted notification's id from other subscribers", async () => {
    const recipient = await signInAs("guest");
    const bystander = await signInAs("guest");
    await sendInWrite([notice(recipient.client.id, null, null)]);
    const row = await testDeps().db.notification.findFirstOrThrow({
      where: { recipientId: recipient.client.id },
    });
    const theirs = await fetch(`${base}/api/live?types=notifications`, { headers: bystander.headers });
    const theirEvents = readEvents(theirs, 1, 1000);
    const removed = await request(testApp()).delete(`/api/notifications/${row.id}`).set(recipient.headers);
    expect(removed.status).toBe(204);
    expect(await theirEvents).toEqual([]);
  });
});
