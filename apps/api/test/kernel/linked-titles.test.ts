import { mayPick, rolePermissionMap } from "@crew/contracts";
import { describe, expect, it } from "vitest";
import { adminOfFile } from "../support/admin-of-file.js";
import { linkOwner, ownedVessel } from "../fleet/fleet-support.js";
import { tracked } from "../applicants/support.js";
import { api, createApplicant, created, db, post, rel } from "../records/support.js";
import { signInAs, signInWith, type TAuthHeaders } from "../support/auth.js";
import { createClient, createRank, TEST_PASSWORD, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";

/**
 * A record's own linked names are part of the record (docs/decisions.md "Linked titles"): a
 * to-one relationship carries the linked record's title in `meta.title` for every reader that
 * may pick the linked type in a form though it may not read the linked records themselves.
 */
const { headers: admin, account: adminAccount } = adminOfFile();

type TRel = { data: { type: string; id: string } | null; meta?: { title?: string } };
type TDoc = { id: string; relationships?: Record<string, TRel> };

const list = async (headers: TAuthHeaders, path: string): Promise<TDoc[]> => {
  const res = await api().get(path).set(headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectJsonApi(res.body);
  return (res.body as { data: TDoc[] }).data;
};
const titleOf = (doc: TDoc | undefined, name: string): string | undefined =>
  doc?.relationships?.[name]?.meta?.title;

describe("linked titles", () => {
  it("a manager reads the rank of sea service, the interview's names and the relative's relation", async () => {
    const manager = tracked((await signInAs("manager")).headers);
    // The role map gives managers no read on ranks, crew users or relation types.
    const map = rolePermissionMap("manager");
    expect(map.ranks?.read).toBe(false);
    expect(mayPick(map, "ranks")).toBe(true);
    const user = await createApplicant(admin);
    const rank = await createRank(unique("Chief Officer"));
    const wife = await db().relationType.create({ data: { title: unique("Wife") } });

    const service = created(
      await post(
        manager,
        `/api/users/${user.id}/expiriences`,
        "expiriences",
        { vessel_name: "MV Aurora", date_on: "2024-01-01", date_off: "2024-06-01" },
        { role: rel("ranks", rank.id) },
      ),
    );
    // The answer of the save names the rank too.
    expect(service.relationships?.role).toMatchObject({ meta: { title: rank.title } });
    expect(titleOf((await list(manager, `/api/users/${user.id}/expiriences`))[0], "role")).toBe(rank.title);

    created(
      await post(
        admin,
        `/api/users/${user.id}/interviews`,
        "interviews",
        { title: "Technical interview", date: "2026-10-01" },
        { interviewer: rel("clients", adminAccount.id), role: rel("ranks", rank.id) },
      ),
    );
    const adminName = (await db().client.findUniqueOrThrow({ where: { id: adminAccount.id } })).name;
    const interview = (await list(manager, `/api/users/${user.id}/interviews`))[0];
    expect(titleOf(interview, "interviewer")).toBe(adminName);
    expect(titleOf(interview, "author")).toBe(adminName);
    expect(titleOf(interview, "role")).toBe(rank.title);

    created(
      await post(
        admin,
        `/api/users/${user.id}/relatives`,
        "relatives",
        { name: "Olena Kovalenko" },
        { relation_type: rel("relation_types", wife.id) },
      ),
    );
    const relative = (await list(manager, `/api/users/${user.id}/relatives`))[0];
    expect(titleOf(relative, "relation_type")).toBe(wife.title);
    // Show serves them as the list does.
    const shown = await api().get(`/api/relatives/${relative?.id}`).set(manager);
    expect((shown.body as { data: TDoc }).data.relationships?.relation_type?.meta?.title).toBe(wife.title);
  });

  it("a partner reads its vessels' type and flag, not the coordinator it may not name", async () => {
    const partnerClient = await createClient({ role: "partner" });
    const coordinator = await createClient({ role: "admin" });
    const vessel = await ownedVessel();
    await linkOwner(partnerClient.id, vessel.ownerId);
    const type = await db().vesselType.create({ data: { title: unique("Bulk carrier") } });
    const flag = await db().country.create({
      data: { name: unique("Malta"), code: unique("MT").slice(0, 12) },
    });
    await db().vessel.update({
      where: { id: vessel.id },
      data: { vesselTypeId: type.id, flagId: flag.id, coordinatorId: coordinator.id },
    });
    const partner = tracked((await signInWith(partnerClient.email, TEST_PASSWORD)).headers);
    const map = rolePermissionMap("partner");
    expect(mayPick(map, "clients") || Boolean(map.crewUsers?.read)).toBe(false);

    const row = (await list(partner, `/api/vessels?filter[name]=${encodeURIComponent(vessel.name)}`)).find(
      (v) => v.id === String(vessel.id),
    );
    expect(titleOf(row, "vessel_type")).toBe(type.title);
    expect(titleOf(row, "flag")).toBe(flag.name);
    expect(row?.relationships?.coordinator?.data).toEqual({ type: "clients", id: String(coordinator.id) });
    expect(titleOf(row, "coordinator")).toBeUndefined();

    const asAdmin = (await list(admin, `/api/vessels?filter[name]=${encodeURIComponent(vessel.name)}`)).find(
      (v) => v.id === String(vessel.id),
    );
    // A reader of crew users includes them; it gets no title it could read itself.
    expect(asAdmin?.relationships?.coordinator?.data).toEqual({
      type: "clients",
      id: String(coordinator.id),
    });
    expect(titleOf(asAdmin, "coordinator")).toBeUndefined();
  });
});
