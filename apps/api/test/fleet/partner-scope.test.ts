import {
  relationshipOf,
  resourceByType,
  routeTable,
  type TPermissionKey,
  type TRouteSpec,
} from "@crew/contracts";
import type { Express } from "express";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { TDeps } from "../../src/deps.js";
import { STAND_IN_SHIPS } from "../../src/equasis/stand-in/ships.js";
import { signInWith, rotatedHeaders, type TAuthHeaders } from "../support/auth.js";
import { createClient, createRank, TEST_PASSWORD, unique, uniqueImo, freeImo } from "../support/factories.js";
import { samplePng } from "../support/sample-files.js";
import {
  createManager,
  grantCrewUser,
  linkOwner,
  registryApp,
  saveEquasisAccount,
  STAND_IN_ACCOUNT,
  waitFor,
} from "./fleet-support.js";

/**
 * A partner is a ship-owner's person: on every fleet route it reads and touches only its own
 * owners' vessels, their scales and the people assigned to them; another owner's record by
 * direct id is a 404. To prove the server (not the role map) keeps it there, the partner here
 * is granted every fleet permission; the routes come from the contracts' route table, so a
 * new fleet route is checked without new code, and a route this test cannot classify fails it.
 */
const FLEET_TYPES = new Set([
  "vessels",
  "owners",
  "managers",
  "owner_vessels",
  "manager_vessels",
  "manning_scales",
  "assign_vessels",
  "assign_owners",
  "vessel_parse_runs",
  "vessel_parse_items",
  "clients",
  "crewing_agents",
]);
const GRANTS: TPermissionKey[] = [
  "vessels",
  "vessels.manningScales",
  "vessels.archivedManningScales",
  "vessels.assignedUsers",
  "vessels.manager",
  "vessels.owner",
  "vessels.coordinator",
  "vessels.bulkParse",
  "owners",
  "owners.assignedRecruiters",
  "owners.crewInspectors",
  "managers",
  "crewUsers",
  "crewUsers.assignments",
  "crewUserStatus",
  "crewingAgents",
  "ranks",
];

let app: Express;
let deps: TDeps;
let partner: TAuthHeaders;
let admin: TAuthHeaders;
/** Ids the partner may see (`own`) and may not (`other`), by JSON:API type. */
const own = new Map<string, Set<number>>();
const other = new Map<string, number>();
const mine = (type: string, id: number) => own.set(type, new Set([...(own.get(type) ?? []), id]));
let ownVessel = 0;
let ownScaleRow = 0;

beforeAll(async () => {
  ({ app, deps } = await registryApp());
  const db = deps.db;
  const partnerClient = await createClient({ role: "partner" });
  const adminClient = await createClient({ role: "admin" });
  const [ownerA, ownerB] = [
    await db.owner.create({ data: { title: unique("Partner Owner") } }),
    await db.owner.create({ data: { title: unique("Other Owner") } }),
  ];
  const [managerA, managerB] = [await createManager(), await createManager()];
  const rank = await createRank(unique("AB"));
  // Vessels of the registry's ships, so a registry search can name them.
  const [shipA, shipB] = [STAND_IN_SHIPS[60], STAND_IN_SHIPS[61]];
  if (!shipA || !shipB) throw new Error("stand-in ships missing");
  const [staffA, staffB] = [await createClient({ role: "manager" }), await createClient({ role: "manager" })];
  const vessel = async (name: string, imo: string, ownerId: number, managerId: number, staffId: number) => {
    const v = await db.vessel.create({ data: { name, imo, coordinatorId: staffId } });
    const ov = await db.ownerVessel.create({ data: { vesselId: v.id, ownerId } });
    const mv = await db.managerVessel.create({ data: { vesselId: v.id, managerId } });
    const av = await db.assignVessel.create({ data: { vesselId: v.id, clientId: staffId } });
    const ms = await db.manningScale.create({
      data: { vesselId: v.id, rankId: rank.id, name: rank.title, crewingPriority: 1 },
    });
    return { v, ov, mv, av, ms };
  };
  const a = await vessel(shipA.name, shipA.imo, ownerA.id, managerA.id, staffA.id);
  const b = await vessel(shipB.name, shipB.imo, ownerB.id, managerB.id, staffB.id);
  ownVessel = a.v.id;
  ownScaleRow = a.ms.id;
  await linkOwner(partnerClient.id, ownerA.id);
  const aoB = await db.assignOwner.create({ data: { clientId: staffB.id, ownerId: ownerB.id } });
  const adminRun = await db.vesselParseRun.create({
    data: {
      authorId: adminClient.id,
      email: "admin@example.com",
      total: 1,
      status: "finished",
      items: { create: [{ imo: shipB.imo, position: 1, status: "updated", vesselId: b.v.id }] },
    },
    include: { items: true },
  });
  const agent = await db.crewingAgent.create({ data: { name: unique("Agency") } });

  for (const [type, id] of [
    ["vessels", a.v.id],
    ["owners", ownerA.id],
    ["managers", managerA.id],
    ["owner_vessels", a.ov.id],
    ["manager_vessels", a.mv.id],
    ["manning_scales", a.ms.id],
    ["assign_vessels", a.av.id],
    ["clients", partnerClient.id],
    ["clients", staffA.id],
    ["crewing_agents", agent.id],
  ] as const)
    mine(type, id);
  const partnerLink = await db.assignOwner.findFirstOrThrow({ where: { clientId: partnerClient.id } });
  mine("assign_owners", partnerLink.id);
  for (const [type, id] of [
    ["vessels", b.v.id],
    ["owners", ownerB.id],
    ["managers", managerB.id],
    ["owner_vessels", b.ov.id],
    ["manager_vessels", b.mv.id],
    ["manning_scales", b.ms.id],
    ["assign_vessels", b.av.id],
    ["assign_owners", aoB.id],
    ["clients", staffB.id],
    ["vessel_parse_runs", adminRun.id],
    ["vessel_parse_items", adminRun.items[0]?.id ?? 0],
  ] as const)
    other.set(type, id);

  await grantCrewUser(partnerClient.id, "partner", GRANTS);
  await saveEquasisAccount(partnerClient.id, STAND_IN_ACCOUNT.email, STAND_IN_ACCOUNT.password, deps.config);
  partner = (await signInWith(partnerClient.email, TEST_PASSWORD, app)).headers;
  admin = (await signInWith(adminClient.email, TEST_PASSWORD, app)).headers;
});

const send = async (
  method: TRouteSpec["method"],
  path: string,
  headers: TAuthHeaders,
  opts: { query?: Record<string, string>; body?: unknown; upload?: { id: number; field?: string } } = {},
) => {
  let req = request(app)
    [method](path)
    .query(opts.query ?? {})
    .set(headers);
  if (opts.upload)
    req = req
      .field("id", String(opts.upload.id))
      .attach(opts.upload.field ?? "photo", samplePng(), "photo.png");
  else if (opts.body !== undefined) req = req.send(opts.body as object);
  const res = await req;
  if (headers === partner) partner = rotatedHeaders(res, partner);
  return res;
};

const parentOf = (path: string): string | undefined => /^\/api\/([a-z_]+)\/:parentId\//.exec(path)?.[1];
const idsIn = (body: { data?: unknown }): number[] =>
  (Array.isArray(body.data) ? body.data : []).map((d: { id: string }) => Number(d.id));
const relationshipBody = (route: TRouteSpec) => {
  const def = resourceByType(route.type);
  const rel = def && route.relationship ? relationshipOf(def, route.relationship) : undefined;
  return rel?.cardinality === "one" ? { data: null } : { data: [] };
};

describe("partner scope on every fleet route", () => {
  const routes = routeTable().filter((r) => FLEET_TYPES.has(r.type));

  it("covers the fleet routes of the route table", () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it("another owner's records are a 404 by direct id, on every route that names one", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.path.includes(":id") || r.path.includes(":parentId"))) {
      const parentType = parentOf(route.path);
      const otherId = route.path.includes(":parentId") ? other.get(parentType ?? "") : other.get(route.type);
      if (otherId === undefined) {
        // Crewing agents are the office's suppliers, not an owner's: there is no other owner's agent.
        if (route.type === "crewing_agents" || parentType === "crewing_agents") continue;
        wrong.push(`${route.method.toUpperCase()} ${route.path}: no record of another owner to try`);
        continue;
      }
      const call = async (id: number) => {
        const path = route.path.replace(":parentId", String(id)).replace(":id", String(id));
        const body =
          route.kind === "relationship"
            ? relationshipBody(route)
            : route.kind === "files" && route.method === "patch"
              ? { ids: [] }
              : { data: { type: route.type, id: String(id), attributes: {} } };
        const res =
          route.kind === "files" && route.method === "post"
            ? await send("post", path, partner, { upload: { id, field: "file" } })
            : await send(
                route.method,
                path,
                partner,
                route.method === "get" || (route.method === "delete" && route.kind !== "relationship")
                  ? { ...(route.query ? { query: route.query } : {}) }
                  : { body },
              );
        return { path, status: res.status };
      };
      const tried = await call(otherId);
      if (tried.status === 404) continue;
      // A request refused whatever the record (its body invalid, a read-only relationship) must be
      // refused the same for the partner's own record: the answer says nothing of the other's.
      const ownId = [
        ...(own.get(route.path.includes(":parentId") ? (parentType ?? "") : route.type) ?? []),
      ][0];
      const same =
        [400, 403, 422].includes(tried.status) &&
        ownId !== undefined &&
        (await call(ownId)).status === tried.status;
      if (!same) wrong.push(`${route.method.toUpperCase()} ${tried.path}: ${tried.status}`);
    }
    expect(wrong).toEqual([]);
    // Nothing of the other owner changed.
    expect(await deps.db.vessel.findUnique({ where: { id: other.get("vessels") } })).not.toBeNull();
    expect(
      await deps.db.manningScale.findUnique({ where: { id: other.get("manning_scales") } }),
    ).not.toBeNull();
  });

  it("its own records answer by direct id", async () => {
    for (const [type, ids] of own) {
      for (const id of ids) {
        if (type === "clients" || type === "crewing_agents") continue;
        const res = await send("get", `/api/${type}/${id}`, partner);
        expect(`${type} ${id}: ${res.status}`).toBe(`${type} ${id}: 200`);
      }
    }
    expect(
      (await send("get", `/api/vessels/${ownVessel}/manning_scales`, partner)).body.data.map(
        (r: { id: string }) => Number(r.id),
      ),
    ).toEqual([ownScaleRow]);
  });

  it("every list, nested list and option list holds only its own records", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter(
      (r) => r.method === "get" && (r.kind === "list" || r.kind === "options" || r.kind === "nested"),
    )) {
      const parentType = parentOf(route.path);
      const parentIds = parentType ? [...(own.get(parentType) ?? [])] : [0];
      for (const parentId of parentIds) {
        const path = route.path.replace(":parentId", String(parentId));
        const res = await send("get", path, partner, {
          query: { ...(route.query ?? {}), ...(route.kind === "options" ? {} : { "page[size]": "999" }) },
        });
        if (res.status !== 200) {
          wrong.push(`GET ${path}: ${res.status}`);
          continue;
        }
        const visible = own.get(route.type) ?? new Set<number>();
        const foreign = idsIn(res.body).filter((id) => !visible.has(id));
        // Crewing agents belong to no owner; records the partner made itself are its own too.
        if (route.type !== "crewing_agents" && foreign.length)
          wrong.push(`GET ${path}: shows ${route.type} ${foreign.join(",")}`);
        if (idsIn(res.body).includes(other.get(route.type) ?? -1))
          wrong.push(`GET ${path}: shows the other owner's ${route.type}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("writes that point at another owner's records are refused (404 under it, 422 naming it)", async () => {
    const ref = (type: string) => ({ data: { type, id: String(other.get(type)) } });
    const rank = await createRank(unique("Cook"));
    const attempts: [string, unknown, number][] = [
      [
        "/api/manning_scales",
        {
          data: {
            type: "manning_scales",
            relationships: { role: { data: { type: "ranks", id: String(rank.id) } }, vessel: ref("vessels") },
          },
        },
        422,
      ],
      [
        `/api/vessels/${other.get("vessels")}/manning_scales`,
        {
          data: {
            type: "manning_scales",
            relationships: { role: { data: { type: "ranks", id: String(rank.id) } } },
          },
        },
        404,
      ],
      [
        "/api/owner_vessels",
        {
          data: {
            type: "owner_vessels",
            relationships: {
              owner: ref("owners"),
              vessel: { data: { type: "vessels", id: String(ownVessel) } },
            },
          },
        },
        422,
      ],
      [
        "/api/manager_vessels",
        {
          data: {
            type: "manager_vessels",
            relationships: { manager: ref("managers"), vessel: ref("vessels") },
          },
        },
        422,
      ],
      [
        "/api/assign_vessels",
        {
          data: {
            type: "assign_vessels",
            relationships: {
              vessel: ref("vessels"),
              client: { data: { type: "clients", id: String([...(own.get("clients") ?? [])][0]) } },
            },
          },
        },
        422,
      ],
      [
        "/api/assign_owners",
        {
          data: {
            type: "assign_owners",
            relationships: {
              owner: ref("owners"),
              client: { data: { type: "clients", id: String([...(own.get("clients") ?? [])][0]) } },
            },
          },
        },
        422,
      ],
      [
        "/api/duplicate_manning_scales",
        { from_vessel_id: other.get("vessels"), to_vessel_id: ownVessel },
        404,
      ],
      [
        "/api/duplicate_manning_scales",
        { from_vessel_id: ownVessel, to_vessel_id: other.get("vessels") },
        404,
      ],
      [
        `/api/clients/${[...(own.get("clients") ?? [])][0]}/relationships/vessels`,
        { data: [{ type: "vessels", id: String(other.get("vessels")) }] },
        422,
      ],
    ];
    const wrong: string[] = [];
    for (const [path, body, status] of attempts) {
      const res = await send("post", path, partner, { body });
      if (res.status !== status) wrong.push(`POST ${path}: ${res.status} (wanted ${status})`);
    }
    const photo = await send("post", "/api/vessels/update_photo", partner, {
      upload: { id: other.get("vessels") ?? 0 },
    });
    if (photo.status !== 404)
      wrong.push(`POST /api/vessels/update_photo of another owner's vessel: ${photo.status}`);
    expect(wrong).toEqual([]);
  });

  it("what a partner creates is its own: a vessel and an owner are linked to it", async () => {
    const vessel = await send("post", "/api/vessels", partner, {
      body: { data: { type: "vessels", attributes: { name: "PARTNER NEWBUILD", imo: await freeImo() } } },
    });
    expect(vessel.status).toBe(201);
    expect(
      (await send("get", `/api/vessels/${vessel.body.data.id}`, partner)).body.data.attributes.owner_name,
    ).toBeTruthy();
    const owner = await send("post", "/api/owners", partner, {
      body: { data: { type: "owners", attributes: { title: unique("Partner New Owner") } } },
    });
    expect((await send("get", `/api/owners/${owner.body.data.id}`, partner)).status).toBe(200);
  });

  it("a partner linked to no owner or to several adds no vessel, by hand or from the registry: the office must", async () => {
    const lone = await createClient({ role: "partner" });
    await grantCrewUser(lone.id, "partner", GRANTS);
    await saveEquasisAccount(lone.id, STAND_IN_ACCOUNT.email, STAND_IN_ACCOUNT.password, deps.config);
    let headers = (await signInWith(lone.email, TEST_PASSWORD, app)).headers;
    const post = async (path: string, body: object) => {
      const res = await request(app).post(path).set(headers).send(body);
      headers = rotatedHeaders(res, headers);
      return res;
    };
    const refused = (res: request.Response) => {
      expect(res.status).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe("/data/relationships/owner");
      expect(res.body.errors[0].detail).toMatch(
        /several owners or none: ask the crewing office to add the vessel/,
      );
    };
    const ship = STAND_IN_SHIPS[62];
    if (!ship) throw new Error("stand-in ship missing");
    const byHand = () =>
      post("/api/vessels", {
        data: { type: "vessels", attributes: { name: "NO OWNER NEWBUILD", imo: uniqueImo() } },
      });
    refused(await byHand());
    refused(await post("/api/vessels/create_from_equasis", { imo: ship.imo }));
    await linkOwner(lone.id, (await deps.db.owner.create({ data: { title: unique("First Owner") } })).id);
    await linkOwner(lone.id, (await deps.db.owner.create({ data: { title: unique("Second Owner") } })).id);
    refused(await byHand());
    refused(await post("/api/vessels/create_from_equasis", { imo: ship.imo }));
    expect(await deps.db.vessel.findUnique({ where: { imo: ship.imo } })).toBeNull();
  });

  it("the registry search names only its own vessels; its imports are its own", async () => {
    const [shipA, shipB] = [STAND_IN_SHIPS[60], STAND_IN_SHIPS[61]];
    const a = await send("get", "/api/equasis_vessel_search", partner, { query: { q: shipA?.imo ?? "" } });
    expect(a.body.data[0].attributes.vessel_id).toBe(String(ownVessel));
    const b = await send("get", "/api/equasis_vessel_search", partner, { query: { q: shipB?.imo ?? "" } });
    expect(b.status).toBe(200);
    expect(b.body.data[0].attributes.vessel_id).toBeNull();
    const queued = await send("post", "/api/vessels/bulk_parse", partner, {
      body: { imos: shipA?.imo, only_new: true },
    });
    expect(queued.status).toBe(202);
    await waitFor(
      "the partner's import",
      async () =>
        (await deps.db.vesselParseRun.findUniqueOrThrow({ where: { id: Number(queued.body.data.id) } }))
          .status === "finished",
    );
    expect(idsIn((await send("get", "/api/vessel_parse_runs", partner)).body)).toEqual([
      Number(queued.body.data.id),
    ]);
    expect(idsIn((await send("get", "/api/vessel_parse_runs", admin)).body)).toContain(
      other.get("vessel_parse_runs"),
    );
  });

  it("a partner by its role map alone: no crewing agents, managers or manning scales; partner_view no vessels", async () => {
    const plain = (await signInWith((await createClient({ role: "partner" })).email, TEST_PASSWORD, app))
      .headers;
    for (const path of [
      "/api/crewing_agents",
      "/api/managers",
      `/api/vessels/${ownVessel}/manning_scales`,
      "/api/owners",
    ]) {
      expect(`${path}: ${(await request(app).get(path).set(plain)).status}`).toBe(`${path}: 403`);
    }
    expect((await request(app).get("/api/vessels").set(plain)).body.data).toEqual([]);
    const view = (await signInWith((await createClient({ role: "partner_view" })).email, TEST_PASSWORD, app))
      .headers;
    expect((await request(app).get("/api/vessels").set(view)).status).toBe(403);
  });

  it("a stored photo of another owner's vessel is not served to the partner", async () => {
    const up = await send("post", "/api/vessels/update_photo", admin, {
      upload: { id: other.get("vessels") ?? 0 },
    });
    expect(up.status).toBe(200);
    const url = String(up.body.data.attributes.photo.url).replace(/^.*\/api\//, "/api/");
    expect((await send("get", url, admin)).status).toBe(200);
    expect((await send("get", url, partner)).status).toBe(404);
  });
});
