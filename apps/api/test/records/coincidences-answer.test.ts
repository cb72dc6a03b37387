import { COINCIDENCES_LIMIT, ROLES, can, type TRole } from "@crew/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { toActor } from "../../src/auth/current-user.js";
import { AppError } from "../../src/errors/app-error.js";
import { createKernel } from "../../src/kernel/kernel.js";
import { buildPermissionMap } from "../../src/permissions/permission-map.js";
import { permissionRepository } from "../../src/permissions/permission-repository.js";
import { createRegistry } from "../../src/resources/registry.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createVessel, freeImo, unique } from "../support/factories.js";
import { samplePdf } from "../support/sample-files.js";
import { addService, api, createApplicant, db, fixtures, post, rel, type TDoc } from "./support.js";

/**
 * check_coincidences answers from its own statement (coincidences-answer.ts), not through the
 * sea-service list: its answer must be the list's, byte for byte, for every role, with every
 * kind of value a record can carry (fleet vessel, reference links, a verification, files, a
 * contract still running) and for readers whose rights empty it or forbid it.
 */
let admin: TAuthHeaders;
let probeId: string;
let coincident: string[];

const kernel = () => createKernel(testDeps(), createRegistry());

const permissionsOf = async (clientId: number) => {
  const account = await db().client.findUniqueOrThrow({ where: { id: clientId } });
  return buildPermissionMap(await permissionRepository(db()).forRoleAndClient(account.role, account.id));
};

/** The sea-service list of exactly `ids` as the kernel answers it to `role`'s account, or the error's status. */
const listOf = async (clientId: number, ids: readonly string[], url: string) => {
  const account = await db().client.findUniqueOrThrow({ where: { id: clientId } });
  const actor = toActor(account, await permissionsOf(clientId), 0);
  try {
    const document = await kernel()
      .deps.serviceOf("expiriences")
      .list(
        actor,
        {
          include: "user,role",
          fields: { users: "full_name,surname,name,crewing_applicant_id" },
          page: { size: String(COINCIDENCES_LIMIT) },
        },
        url,
        { where: { id: { in: ids.map(Number) } } },
      );
    return { status: 200, text: JSON.stringify(document) };
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, text: "" };
    throw error;
  }
};

beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  const { rank } = await fixtures();
  const imo = await freeImo();
  const ship = unique("MV Same");
  const fleet = await createVessel({ name: unique("MV Fleet") });
  const vesselType = await db().vesselType.create({ data: { title: unique("Bulk") } });
  const engineType = await db().engineType.create({ data: { title: unique("Diesel") } });
  const maker = await db().engineManufacturer.create({ data: { title: unique("MAN") } });
  const agent = await db().crewingAgent.create({ data: { name: unique("Agent") } });
  const country = await db().country.create({ data: { name: unique("Land"), code: unique("C") } });
  const [a, b, c, d, e] = [
    await createApplicant(admin),
    await createApplicant(admin, { middle: "Petrovich" }),
    await createApplicant(admin),
    await createApplicant(admin),
    await createApplicant(admin),
  ];
  const probe = await addService(admin, a.id, rank.id, {
    vessel_name: ship,
    vessel_imo: imo,
    date_on: "2021-01-01",
    date_off: "2021-12-31",
  });
  probeId = probe.id;
  // Fleet vessel on both: the vessel branch (her name and IMO come from the fleet).
  await addService(
    admin,
    a.id,
    rank.id,
    { date_on: "2018-01-01", date_off: "2018-06-01" },
    {
      vessel: rel("vessels", fleet.id),
    },
  );
  const withAll = await addService(
    admin,
    b.id,
    rank.id,
    {
      vessel_name: "Renamed since",
      vessel_imo: imo,
      vessel_deadweight: 56000,
      vessel_manager: "Acme Ship Management",
      date_on: "2021-03-01",
      date_off: "2021-09-15",
    },
    {
      vessel_type: rel("vessel_types", vesselType.id),
      vessel_flag: rel("countries", country.id),
      engine_type: rel("engine_types", engineType.id),
      engine_manufacturer: rel("engine_manufacturers", maker.id),
      company_agent: rel("crewing_agents", agent.id),
    },
  );
  for (const result of ["pending", "confirmed"]) {
    const v = await post(admin, `/api/expiriences/${withAll.id}/verifications`, "experience_verifications", {
      result,
    });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
  }
  const files = await api()
    .post(`/api/expiriences/${withAll.id}/files/files`)
    .set(admin)
    .attach("file", samplePdf(), "discharge.pdf");
  expect(files.status, JSON.stringify(files.body)).toBe(200);
  const byName = await addService(admin, c.id, rank.id, {
    vessel_name: `  ${ship.toLowerCase()} `,
    date_on: "2020-10-01",
    date_off: "2021-01-02",
  });
  // Still on board (no sign-off), and a second record of the same applicant: both coincide.
  const running = await addService(admin, d.id, rank.id, {
    vessel_name: ship,
    vessel_imo: imo,
    date_on: "2021-06-01",
  });
  const again = await addService(admin, b.id, rank.id, {
    vessel_name: ship,
    vessel_imo: imo,
    date_on: "2021-10-01",
    date_off: "2021-11-01",
  });
  // Not coincident: another rank, a shared day only, the prober's own other record.
  await addService(admin, e.id, (await fixtures()).rank.id, {
    vessel_name: ship,
    vessel_imo: imo,
    date_on: "2021-02-01",
  });
  await addService(admin, e.id, rank.id, {
    vessel_name: ship,
    vessel_imo: imo,
    date_on: "2021-12-31",
    knowing_overlap: true,
  });
  await addService(admin, a.id, rank.id, {
    vessel_name: ship,
    vessel_imo: imo,
    date_on: "2022-01-01",
    knowing_overlap: true,
  });
  coincident = [withAll.id, byName.id, running.id, again.id];
  // The fleet-vessel branch: another applicant on the fleet vessel at the same time.
  const fleetProbe = (
    await db().expirience.findFirstOrThrow({ where: { vesselId: fleet.id }, select: { id: true } })
  ).id;
  const onFleet = await addService(
    admin,
    e.id,
    rank.id,
    { date_on: "2018-03-01", date_off: "2018-04-01", knowing_overlap: true },
    {
      vessel: rel("vessels", fleet.id),
    },
  );
  fleetCase = { probe: String(fleetProbe), ids: [onFleet.id] };
});
let fleetCase: { probe: string; ids: string[] };

describe("check_coincidences answers as the sea-service list would", () => {
  it.each(ROLES)("byte for byte for a %s", async (role: TRole) => {
    const { client, headers } = await signInAs(role);
    for (const { probe, ids } of [
      { probe: probeId, ids: coincident },
      { probe: fleetCase.probe, ids: fleetCase.ids },
    ]) {
      const res = await api().get(`/api/experience_verifications/check_coincidences/${probe}`).set(headers);
      const permissions = await permissionsOf(client.id);
      if (!can(permissions, "experienceVerification", "read")) {
        expect(res.status).toBe(403);
        continue;
      }
      if (!can(permissions, "users", "read")) {
        // The probe itself is out of the reader's scope (records-scope.ts): the kernel's 404.
        expect(res.status).toBe(404);
        continue;
      }
      const url = String((res.body as { links?: { self?: string } }).links?.self ?? "").split("?")[0] ?? "";
      const expected = await listOf(client.id, ids, url);
      expect(res.status, res.text).toBe(expected.status);
      if (expected.status === 200) expect(res.text).toBe(expected.text);
    }
  });

  it("holds every value kind the list serves (a check that the comparison sees them)", async () => {
    const res = await api().get(`/api/experience_verifications/check_coincidences/${probeId}`).set(admin);
    expect(res.status).toBe(200);
    const data = res.body.data as TDoc[];
    expect(data.map((x) => x.id).sort()).toEqual([...coincident].sort());
    const full = data.find((x) => x.id === coincident[0]);
    expect(full?.attributes).toMatchObject({
      verification_result: "confirmed",
      vessel_deadweight: 56000,
      files: [expect.objectContaining({ filename: "discharge.pdf" })],
    });
    expect(data.find((x) => x.id === coincident[2])?.attributes.date_off).toBeNull();
    expect((res.body.included as TDoc[]).map((x) => x.type)).toEqual(["users", "users", "users", "ranks"]);
  });
});
