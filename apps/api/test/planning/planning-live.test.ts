import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TLiveEvent } from "../../src/live/event-bus.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createScaleRow, createVessel } from "../support/factories.js";
import { api, createApplicant, newPlan, planBody } from "./planning-support.js";

let admin: TAuthHeaders;
let server: Server;
let base: string;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  server = testApp().listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  base = `http://127.0.0.1:${address && typeof address === "object" ? (address satisfies AddressInfo).port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Every event the bus carries while `fn` runs. */
const eventsDuring = async (fn: () => Promise<unknown>): Promise<TLiveEvent[]> => {
  const seen: TLiveEvent[] = [];
  const stop = testDeps().bus.subscribe((e) => seen.push(e));
  try {
    await fn();
  } finally {
    stop();
  }
  return seen;
};

describe("planning live updates", () => {
  it("a plan created by one coordinator reaches another's open stream within a second", async () => {
    const other = (await signInAs("manager")).headers;
    const row = await createScaleRow();
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/live?types=time_plans`, {
      headers: other,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error("no stream");
    const started = Date.now();
    const created = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2027-01-01", end: "2027-02-01", status: "vacancy" }));
    // From the write's answer (its commit): the POST itself may be slow on a busy machine.
    const committed = Date.now();
    let text = "";
    while (!text.includes(`"ids":[${created.body.data.id}]`) && Date.now() - started < 3000) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    expect(text).toContain(`"type":"time_plans","ids":[${created.body.data.id}],"event":"create"`);
    expect(Date.now() - committed).toBeLessThan(1000);
  });

  it("plans moved by a crew change, and a row's offer changed by a vacancy, are told too", async () => {
    const vessel = await createVessel();
    const row = await createScaleRow({ vesselId: vessel.id });
    const [a, b] = [await createApplicant(), await createApplicant()];
    const off = await newPlan(admin, row.id, "2026-09-01", "2027-02-10", a.id, "on_board");
    const on = await newPlan(admin, row.id, "2027-02-20", "2027-08-01", b.id);
    const port = await testDeps().db.port.create({ data: { name: `Live port ${vessel.id}` } });
    const events = await eventsDuring(() =>
      api()
        .post("/api/crew_changes")
        .set(admin)
        .send({
          data: {
            type: "crew_changes",
            attributes: { date: "2027-02-15", crewlists: [{ sign_on_id: on, sign_off_id: off }] },
            relationships: {
              vessel: { data: { type: "vessels", id: String(vessel.id) } },
              port: { data: { type: "ports", id: String(port.id) } },
            },
          },
        }),
    );
    const moved = events.find((e) => e.type === "time_plans");
    expect(moved?.ids.sort()).toEqual([off, on].sort());
    expect(events.some((e) => e.type === "crew_changes" && e.event === "create")).toBe(true);

    const other = await createScaleRow();
    const offer = await eventsDuring(() =>
      api()
        .post("/api/time_plans")
        .set(admin)
        .send(planBody(other.id, { start: "2027-01-01", end: "2027-02-01", status: "vacancy", offer: 3900 })),
    );
    expect(offer.find((e) => e.type === "manning_scales")?.ids).toEqual([other.id]);
  });
});
