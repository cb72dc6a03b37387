import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { TDeps } from "../../src/deps.js";
import { STAND_IN_SHIPS } from "../../src/equasis/stand-in/ships.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import { vesselRegistryImportJob } from "../../src/resources/fleet/vessel-registry-import-job.js";
import { vesselRegistryRepository } from "../../src/resources/fleet/vessel-registry-repository.js";
import { signInWith, type TAuthHeaders } from "../support/auth.js";
import { testConfig } from "../support/deps.js";
import { createClient, TEST_PASSWORD, uniqueImo, freeImo } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { registryApp, saveEquasisAccount, STAND_IN_ACCOUNT, waitFor } from "./fleet-support.js";

/**
 * The vessel registry (Equasis) through the API: search, create and refresh from it, and bulk
 * imports through both job providers. The real client talks HTTP to the stand-in, whose
 * address is configuration as Equasis's is in production.
 */
let app: Express;
let deps: TDeps;
let admin: TAuthHeaders;
let adminId: number;

/** Ships of the stand-in registry not yet in this database (each test takes its own). */
let next = 30;
const freshShip = async () => {
  for (;;) {
    const ship = STAND_IN_SHIPS[next++];
    if (!ship) throw new Error("the stand-in registry ran out of ships");
    if (!(await deps.db.vessel.findUnique({ where: { imo: ship.imo } }))) return ship;
  }
};

beforeAll(async () => {
  ({ app, deps } = await registryApp());
  const client = await createClient({ role: "admin" });
  adminId = client.id;
  await saveEquasisAccount(client.id, STAND_IN_ACCOUNT.email, STAND_IN_ACCOUNT.password, deps.config);
  admin = (await signInWith(client.email, TEST_PASSWORD, app)).headers;
});
const api = () => request(app);

describe("registry search, create and refresh", () => {
  it("searches by IMO and answers what the registry says, saving nothing", async () => {
    const ship = await freshShip();
    const before = await deps.db.vessel.count();
    const res = await api()
      .get("/api/equasis_vessel_search")
      .query({ q: ship.imo, email: STAND_IN_ACCOUNT.email })
      .set(admin);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        type: "equasis_vessels",
        id: ship.imo,
        attributes: expect.objectContaining({
          name: ship.name,
          imo: ship.imo,
          flag: ship.flag,
          deadweight: ship.deadweight,
          year_built: ship.yearBuilt,
          registered_owner: ship.registeredOwner,
          vessel_id: null,
        }),
      }),
    ]);
    expect(await deps.db.vessel.count()).toBe(before);
    // An IMO the registry does not know: nothing found. A wrong check digit: a 422 on q.
    expect(
      (await api().get("/api/equasis_vessel_search").query({ q: "9074729" }).set(admin)).body.data,
    ).toEqual([]);
    const bad = await api().get("/api/equasis_vessel_search").query({ q: "9074728" }).set(admin);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/q");
    const other = await api()
      .get("/api/equasis_vessel_search")
      .query({ q: ship.imo, email: "someone.else@example.com" })
      .set(admin);
    expect(other.status).toBe(422);
    expect(other.body.errors[0]).toMatchObject({
      title: "is not the Equasis account saved in your profile",
      source: { pointer: "/data/attributes/email" },
    });
  });

  it("creates a vessel from the registry's particulars, then refreshes it", async () => {
    const ship = await freshShip();
    const created = await api().post("/api/vessels/create_from_equasis").set(admin).send({ imo: ship.imo });
    expect(created.status).toBe(201);
    expectJsonApi(created.body);
    expect(created.body.data.attributes).toMatchObject({
      name: ship.name,
      imo: ship.imo,
      call_sign: ship.callSign,
      year_built: ship.yearBuilt,
      deadweight: ship.deadweight,
      gross_tonnage: ship.grossTonnage,
      is_selected: false,
    });
    const id = Number(created.body.data.id);
    const row = await deps.db.vessel.findUniqueOrThrow({
      where: { id },
      include: { flag: true, vesselType: true },
    });
    expect(row.flag?.name).toBe(ship.flag);
    expect(row.vesselType?.title).toBeTruthy();
    expect(
      (await api().post("/api/vessels/create_from_equasis").set(admin).send({ imo: ship.imo })).status,
    ).toBe(422);
    expect(
      (await api().get("/api/equasis_vessel_search").query({ q: ship.imo }).set(admin)).body.data[0]
        .attributes.vessel_id,
    ).toBe(String(id));

    await deps.db.vessel.update({ where: { id }, data: { name: "RENAMED BY HAND", deadweight: 1 } });
    const refreshed = await api().post(`/api/vessels/${id}/update_from_equasis`).set(admin).send({});
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.attributes).toMatchObject({ name: ship.name, deadweight: ship.deadweight });
    const unknown = await api().post("/api/vessels/create_from_equasis").set(admin).send({ imo: "9074729" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({
      title: "was not found in the vessel registry",
      source: { pointer: "/data/attributes/imo" },
    });
  });

  it("a wrong Equasis password is a clear 422 the screen can tell apart, never a 500", async () => {
    const client = await createClient({ role: "admin" });
    await saveEquasisAccount(client.id, STAND_IN_ACCOUNT.email, "not-the-password", deps.config);
    const headers = (await signInWith(client.email, TEST_PASSWORD, app)).headers;
    const res = await api()
      .get("/api/equasis_vessel_search")
      .query({ q: STAND_IN_SHIPS[0]?.imo })
      .set(headers);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      code: "equasis_login_failed",
      title: "Equasis login or password is wrong",
    });
    const vessel = await deps.db.vessel.create({ data: { name: "REFRESH ME", imo: await freeImo() } });
    const refresh = await api().post(`/api/vessels/${vessel.id}/update_from_equasis`).set(headers).send({});
    expect(refresh.body.errors[0].code).toBe("equasis_login_failed");
  });

  it("no saved account is a 422 saying what to do", async () => {
    const headers = (await signInWith((await createClient({ role: "admin" })).email, TEST_PASSWORD, app))
      .headers;
    const res = await api()
      .get("/api/equasis_vessel_search")
      .query({ q: STAND_IN_SHIPS[0]?.imo })
      .set(headers);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      code: "equasis_account_missing",
      title: "Save your Equasis email and password in your profile first",
    });
  });

  it("an unreachable registry is a 503 naming it, never a bare 500", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, "127.0.0.1", () => {
        const address = s.address();
        s.close(() => resolve(typeof address === "object" && address ? address.port : 1));
      });
    });
    const offline: TDeps = {
      ...deps,
      config: testConfig({
        EQUASIS_URL: `http://127.0.0.1:${port}`,
        EQUASIS_INTERVAL_MS: "0",
        EQUASIS_TIMEOUT_MS: "1000",
        EQUASIS_SECRET: deps.config.EQUASIS_SECRET ?? "",
      }),
    };
    const offlineApp = createApp(offline);
    const headers = (
      await signInWith(
        (await deps.db.client.findUniqueOrThrow({ where: { id: adminId } })).email,
        TEST_PASSWORD,
        offlineApp,
      )
    ).headers;
    const res = await request(offlineApp)
      .get("/api/equasis_vessel_search")
      .query({ q: STAND_IN_SHIPS[1]?.imo })
      .set(headers);
    expect(res.status).toBe(503);
    expect(res.body.errors[0]).toMatchObject({
      code: "equasis_unavailable",
      title: "The vessel registry cannot be reached",
    });
    const unconfigured = createApp({
      ...deps,
      config: testConfig({ EQUASIS_STAND_IN: "false", EQUASIS_SECRET: deps.config.EQUASIS_SECRET ?? "" }),
    });
    const none = await request(unconfigured)
      .get("/api/equasis_vessel_search")
      .query({ q: STAND_IN_SHIPS[1]?.imo })
      .set(
        (
          await signInWith(
            (await deps.db.client.findUniqueOrThrow({ where: { id: adminId } })).email,
            TEST_PASSWORD,
            unconfigured,
          )
        ).headers,
      );
    expect(none.status).toBe(422);
    expect(none.body.errors[0].code).toBe("equasis_not_configured");
  });

  it("the profile keeps the Equasis password sealed: never sent back, redacted in the history", async () => {
    const client = await createClient({ role: "manager" });
    const headers = (await signInWith(client.email, TEST_PASSWORD, app)).headers;
    const saved = await api()
      .patch("/api/clients/me")
      .set(headers)
      .send({ equasis_email: "Mine@Crewing.example", equasis_password: "S3cret-equasis!" });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain("S3cret-equasis!");
    expect(saved.body.data.attributes.equasis_ready).toBe(true);
    const row = await deps.db.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.equasisPassword).not.toContain("S3cret");
    expect(row.equasisEmail).toBe("mine@crewing.example");
    const versions = await deps.db.version.findMany({ where: { itemType: "clients", itemId: client.id } });
    const change = versions.map((v) => JSON.stringify(v.changes)).find((c) => c.includes("equasis_password"));
    expect(change).toContain("[redacted]");
    expect(change).not.toContain(row.equasisPassword ?? "none");
    const cleared = await api().patch("/api/clients/me").set(headers).send({ equasis_password: null });
    expect(cleared.body.data.attributes.equasis_ready).toBe(false);
  });
});

describe("bulk import (bulk parse)", () => {
  it("queues up to 1,000 IMOs, reports the invalid ones, and records progress and each IMO's outcome", async () => {
    const [a, b, c] = [await freshShip(), await freshShip(), await freshShip()];
    const existing = await deps.db.vessel.create({ data: { name: "OLD NAME", imo: c.imo } });
    const unknownImo = "9074729";
    const queued = await api()
      .post("/api/vessels/bulk_parse")
      .set(admin)
      .send({
        imos: `${a.imo}\n${b.imo}, ${c.imo}; 1234568\nIMO ${a.imo}\nnot-an-imo ${unknownImo}`,
        email: STAND_IN_ACCOUNT.email,
        only_new: false,
      });
    expect(queued.status).toBe(202);
    expectJsonApi(queued.body);
    expect(queued.body.data.type).toBe("vessel_parse_runs");
    expect(queued.body.meta.invalid).toEqual([
      "1234568: has a wrong check digit",
      "not-an-imo: must be seven digits",
    ]);
    expect(queued.body.data.attributes).toMatchObject({ total: 4, email: STAND_IN_ACCOUNT.email });
    const runId = queued.body.data.id as string;
    await waitFor(
      "the import to finish",
      async () =>
        (await api().get(`/api/vessel_parse_runs/${runId}`).set(admin)).body.data.attributes.status ===
        "finished",
    );
    const run = (await api().get(`/api/vessel_parse_runs/${runId}`).set(admin)).body.data.attributes;
    expect(run).toMatchObject({
      processed: 4,
      created_count: 2,
      updated_count: 1,
      failed_count: 1,
      skipped_count: 0,
      invalid: ["1234568: has a wrong check digit", "not-an-imo: must be seven digits"],
    });
    const items = await api()
      .get(`/api/vessel_parse_runs/${runId}/items`)
      .query({ "page[size]": 999, include: "vessel" })
      .set(admin);
    expectJsonApi(items.body);
    expect(
      items.body.data.map(
        (i: { attributes: { imo: string; status: string } }) => `${i.attributes.imo}:${i.attributes.status}`,
      ),
    ).toEqual([`${a.imo}:created`, `${b.imo}:created`, `${c.imo}:updated`, `${unknownImo}:failed`]);
    expect((await deps.db.vessel.findUniqueOrThrow({ where: { id: existing.id } })).name).toBe(c.name);
    // New vessels from an import are prospects: the default list (is_selected false) leaves them out.
    expect((await deps.db.vessel.findUniqueOrThrow({ where: { imo: a.imo } })).isSelected).toBe(true);
  });

  it("only_new skips vessels already in the fleet", async () => {
    const ship = await freshShip();
    await deps.db.vessel.create({ data: { name: "KEEP ME", imo: ship.imo } });
    const queued = await api()
      .post("/api/vessels/bulk_parse")
      .set(admin)
      .send({ imos: [ship.imo], only_new: true });
    const runId = queued.body.data.id as string;
    await waitFor(
      "the import",
      async () =>
        (await deps.db.vesselParseRun.findUniqueOrThrow({ where: { id: Number(runId) } })).status ===
        "finished",
    );
    expect((await deps.db.vessel.findUniqueOrThrow({ where: { imo: ship.imo } })).name).toBe("KEEP ME");
    expect(
      (await deps.db.vesselParseRun.findUniqueOrThrow({ where: { id: Number(runId) } })).skippedCount,
    ).toBe(1);
  });

  it("refuses more than 1,000 IMOs, none valid, or no account (422), and needs vessels.bulkParse (403)", async () => {
    const many = Array.from({ length: 1001 }, () => uniqueImo()).join("\n");
    const tooMany = await api().post("/api/vessels/bulk_parse").set(admin).send({ imos: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({
      title: "take at most 1000 IMO numbers (1001 given)",
      source: { pointer: "/data/attributes/imos" },
    });
    const none = await api().post("/api/vessels/bulk_parse").set(admin).send({ imos: "123, 9074728" });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].source.pointer).toBe("/data/attributes/imos");
    const manager = (await signInWith((await createClient({ role: "manager" })).email, TEST_PASSWORD, app))
      .headers;
    expect((await api().post("/api/vessels/bulk_parse").set(manager).send({ imos: "9074729" })).status).toBe(
      403,
    );
    expect((await api().get("/api/vessel_parse_runs").set(manager)).status).toBe(403);
  });

  it("a refused Equasis login ends the import with the reason on every IMO", async () => {
    const client = await createClient({ role: "admin" });
    await saveEquasisAccount(client.id, STAND_IN_ACCOUNT.email, "wrong-again", deps.config);
    const headers = (await signInWith(client.email, TEST_PASSWORD, app)).headers;
    const ship = await freshShip();
    const queued = await api().post("/api/vessels/bulk_parse").set(headers).send({ imos: ship.imo });
    const runId = Number(queued.body.data.id);
    await waitFor(
      "the import to fail",
      async () =>
        (await deps.db.vesselParseRun.findUniqueOrThrow({ where: { id: runId } })).status === "failed",
    );
    const run = await deps.db.vesselParseRun.findUniqueOrThrow({
      where: { id: runId },
      include: { items: true },
    });
    expect(run.error).toBe("Equasis login or password is wrong.");
    expect(run.items.map((i) => i.status)).toEqual(["failed"]);
    expect(await deps.db.vessel.findUnique({ where: { imo: ship.imo } })).toBeNull();
  });
});

// The same import job through BullMQ when REDIS_URL names a Redis (CI), with a key prefix of its own.
describe.runIf(process.env.REDIS_URL)("bulk import through BullMQ", () => {
  const prefix = `crew-fleet-test-${randomUUID()}`;
  const jobs = () =>
    createJobs(
      { config: deps.config, db: deps.db, logger: deps.logger, redis: null, storage: deps.storage },
      { handlers: JOB_HANDLERS, redisUrl: process.env.REDIS_URL ?? null, prefix, schedules: false },
    );
  let bull: ReturnType<typeof jobs>;
  beforeAll(async () => {
    bull = jobs();
    await bull.start();
  });
  afterAll(async () => bull.stop());

  it("a worker consumes the import and creates the vessels", async () => {
    const ship = await freshShip();
    const runId = await vesselRegistryRepository(deps.db).createRun({
      authorId: adminId,
      email: STAND_IN_ACCOUNT.email,
      onlyNew: false,
      invalid: [],
      imos: [ship.imo],
    });
    await bull.enqueue(vesselRegistryImportJob, { runId });
    await waitFor(
      "the BullMQ import",
      async () =>
        (await deps.db.vesselParseRun.findUniqueOrThrow({ where: { id: runId } })).status === "finished",
    );
    expect((await deps.db.vessel.findUniqueOrThrow({ where: { imo: ship.imo } })).name).toBe(ship.name);
    const run = await deps.db.vesselParseRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ createdCount: 1, processed: 1 });
  });
});
