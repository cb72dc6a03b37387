import { describe, expect, it } from "vitest";
import { notificationOutbox } from "../src/resources/notifications/notification-outbox-repository.js";
import { signInAs, type TAuthHeaders } from "./support/auth.js";
import { testDeps } from "./support/deps.js";
import { createClient } from "./support/factories.js";
import { api } from "./planning/planning-support.js";

/** The links of a client's notifications, read through the API as the bell does. */
const linksOf = async (headers: TAuthHeaders): Promise<string[]> => {
  const res = await api().get("/api/notifications").set(headers).query({ "page[size]": 100 });
  expect(res.status).toBe(200);
  return (res.body.data as { attributes: { item_link: string | null } }[])
    .map((n) => n.attributes.item_link ?? "")
    .sort();
};

describe("notification links", () => {
  it("a partner is not sent a link to a screen it may not open (applicants, crew changes); staff are", async () => {
    const { client: partner, headers } = await signInAs("partner");
    const manager = await createClient({ role: "manager" });
    const links = [
      "/users/141/documents",
      "/crew-changes/7/details",
      "/timeplans/crew-rotation/crew-change/7/edit",
      "/",
    ];
    const sent = await notificationOutbox(testDeps().db).send([
      ...links.map((itemLink) => ({ recipientId: partner.id, primaryText: "Document expiring", itemLink })),
      { recipientId: manager.id, primaryText: "Document expiring", itemLink: "/users/141/documents" },
    ]);
    expect(sent).toBe(3);
    expect(await linksOf(headers)).toEqual(["/", "/timeplans/crew-rotation/crew-change/7/edit"]);
    expect(
      await testDeps().db.notification.count({
        where: { recipientId: manager.id, itemLink: "/users/141/documents" },
      }),
    ).toBe(1);
    // What those screens read is refused to partners, so the links would lead nowhere.
    expect((await api().get("/api/users/141").set(headers)).status).toBe(403);
    expect((await api().get("/api/crew_changes/7").set(headers)).status).toBe(403);
  });
});
