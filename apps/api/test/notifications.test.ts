import request from "supertest";
import { describe, expect, it } from "vitest";
import { revoking, testApp, testDeps } from "./support/deps.js";
import { signInAs } from "./support/auth.js";
import { createClient } from "./support/factories.js";
import { expectJsonApi } from "./support/jsonapi.js";

const api = () => request(testApp());

const seedFor = async (recipientId: number, authorId: number, n: number) => {
  const db = testDeps().db;
  for (let i = 0; i < n; i++) {
    await db.notification.create({
      data: {
        recipientId,
        authorId,
        primaryText: `Note ${i}`,
        secondaryText: "details",
        itemLink: "/users",
        createdAt: new Date(Date.now() - i * 60_000),
      },
    });
  }
};

describe("notifications", () => {
  it("lists only one's own, newest first, with author avatar, and counts unread", async () => {
    const { headers, client } = await signInAs("guest");
    const other = await createClient();
    const author = await revoking((tx) =>
      tx.client.update({
        where: { id: other.id },
        data: { avatar: "https://img.example/a.png" },
      }),
    );
    await seedFor(client.id, author.id, 3);
    await seedFor(other.id, author.id, 2);
    const res = await api()
      .get("/api/notifications")
      .query({
        sort: "-created_at",
        "filter[current_user]": "true",
        "filter[unread]": "true",
        "page[size]": 2,
      })
      .set(headers);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    expect(res.body.meta.count).toBe(3);
    expect(res.body.data[0].attributes).toMatchObject({
      primary_text: "Note 0",
      author_avatar: "https://img.example/a.png",
      shown: false,
    });
    expect((await api().get("/api/notifications/notification_count").set(headers)).body).toEqual({
      unread_count: 3,
    });
    const popUp = await api().get("/api/notifications/notification_pop_up").set(headers);
    expect(popUp.body.not_shown_notifications).toHaveLength(3);
  });

  it("marks shown and read, clears one and all, and never touches another's", async () => {
    const { headers, client } = await signInAs("guest");
    const other = await createClient();
    await seedFor(client.id, other.id, 3);
    await seedFor(other.id, client.id, 1);
    const db = testDeps().db;
    const mine = await db.notification.findMany({
      where: { recipientId: client.id },
      orderBy: { id: "asc" },
    });
    const theirs = await db.notification.findFirstOrThrow({ where: { recipientId: other.id } });

    expect(
      (await api().post("/api/notifications/mark_as_shown").set(headers).send({ payload: mine[0]!.id }))
        .status,
    ).toBe(200);
    expect(
      (await api().get("/api/notifications/notification_pop_up").set(headers)).body.not_shown_notifications,
    ).toHaveLength(2);
    await api()
      .post("/api/notifications/mark_as_read")
      .set(headers)
      .send({ payload: [mine[1]!.id, theirs.id] });
    expect((await api().get("/api/notifications/notification_count").set(headers)).body).toEqual({
      unread_count: 2,
    });
    expect((await db.notification.findUniqueOrThrow({ where: { id: theirs.id } })).read).toBe(false);
    expect(
      (await api().post("/api/notifications/mark_as_read").set(headers).send({ payload: "x" })).status,
    ).toBe(422);

    await api().post("/api/notifications/mark_all_read").set(headers);
    expect((await api().get("/api/notifications/notification_count").set(headers)).body).toEqual({
      unread_count: 0,
    });
    expect((await api().delete(`/api/notifications/${theirs.id}`).set(headers)).status).toBe(404);
    expect((await api().delete(`/api/notifications/${mine[0]!.id}`).set(headers)).status).toBe(204);
    expect((await api().delete("/api/notifications").set(headers)).status).toBe(204);
    expect(await db.notification.count({ where: { recipientId: client.id } })).toBe(0);
    expect(await db.notification.count({ where: { recipientId: other.id } })).toBe(1);
  });
});
