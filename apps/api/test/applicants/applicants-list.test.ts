import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { createRank, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, db, idsOf, uniquePhone, uniqueSurname, tracked } from "./support.js";

/**
 * The list: every filter of spec 001, each search form, sorts, paging. The test database is
 * shared with other files, so each query is scoped to this file's applicants by a tag of its own.
 */
let admin: TAuthHeaders;
let adminId: number;
let scopeTag: number;
const people: Record<string, string> = {};
let master: number;
let cook: number;

const list = async (query: Record<string, string>, headers: TAuthHeaders = admin) => {
  const res = await api()
    .get("/api/users")
    .query({ "filter[tags]": String(scopeTag), "page[size]": "50", ...query })
    .set(headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectJsonApi(res.body);
  return res.body as {
    data: { id: string; attributes: Record<string, unknown> }[];
    meta: { count: number };
    links: Record<string, string | null>;
  };
};
const names = (body: { data: { id: string }[] }) =>
  idsOf(body)
    .map((id) => Object.entries(people).find(([, v]) => v === id)?.[0] ?? id)
    .sort();

beforeAll(async () => {
  const signed = await signInAs("admin");
  admin = tracked(signed.headers);
  adminId = signed.client.id;
  scopeTag = (await db().tag.create({ data: { name: unique("scope") } })).id;
  master = (await createRank(unique("Master"))).id;
  cook = (await createRank(unique("Cook"))).id;
  const status = await db().crewingStatus.create({ data: { title: unique("Available") } });
  const year = new Date().getUTCFullYear();
  const add = async (key: string, attrs: Record<string, unknown>, rank?: number) => {
    const created = await createApplicant(
      admin,
      { knowing_duplicate: true, ...attrs },
      {
        tags: { data: [{ type: "tags", id: String(scopeTag) }] },
        ...(rank ? { role: { data: { type: "ranks", id: String(rank) } } } : {}),
      },
    );
    people[key] = created.id;
  };
  await add(
    "petrenko",
    {
      surname: "Petrenko",
      name: "Oleksandr",
      email: "o.petrenko@ukr.net",
      mobile_phone: "+380 (50) 555-12-34",
      status: "approved",
      birthday: `${year - 35}-01-01`,
      wage: 9000,
      crewing_status_id: status.id,
    },
    master,
  );
  await add(
    "santos",
    {
      surname: "Santos",
      name: "José",
      mobile_phone: "0917 555 0101",
      status: "to_propose",
      birthday: `${year - 28}-01-01`,
      ukr_crewing_id: "123456",
      wage: 1800,
    },
    cook,
  );
  await add(
    "smith",
    { surname: "Smith", name: "John Paul", status: null, birthday: `${year - 45}-01-01`, crewell_id: "777" },
    master,
  );
  await add("ozolins", { surname: "Ozoliņš", name: "Jānis", status: "vacancy", email: "janis@inbox.lv" });
  await add(
    "archived",
    { surname: "Petrenko", name: "Archived", archived: true, status: "approved" },
    master,
  );
  people.marker = String(scopeTag);
});

describe("users list: filters", () => {
  it("scopes by tag and hides archived applicants unless show_archived", async () => {
    expect(names(await list({}))).toEqual(["ozolins", "petrenko", "santos", "smith"]);
    const all = await list({ "filter[show_archived]": "true" });
    expect(names(all)).toEqual(["archived", "ozolins", "petrenko", "santos", "smith"]);
    expect(all.meta.count).toBe(5);
  });

  it("role, status (empty reads as vacancy), crewing status", async () => {
    expect(names(await list({ "filter[role]": String(master) }))).toEqual(["petrenko", "smith"]);
    expect(names(await list({ "filter[role]": `${master},${cook}` }))).toEqual([
      "petrenko",
      "santos",
      "smith",
    ]);
    expect(names(await list({ "filter[status]": "vacancy" }))).toEqual(["ozolins", "smith"]);
    expect(names(await list({ "filter[status]": "approved,to_propose" }))).toEqual(["petrenko", "santos"]);
    const status = await db().user.findUniqueOrThrow({ where: { id: Number(people.petrenko) } });
    expect(names(await list({ "filter[status_id]": String(status.crewingStatusId) }))).toEqual(["petrenko"]);
  });

  it("age as a from-to range, either end open", async () => {
    expect(names(await list({ "filter[age]": "30,40" }))).toEqual(["petrenko"]);
    expect(names(await list({ "filter[age]": "40," }))).toEqual(["smith"]);
    expect(names(await list({ "filter[age]": ",30" }))).toEqual(["santos"]);
  });

  it("external_links: has an UkrCrewing or Crewell id, or neither", async () => {
    expect(names(await list({ "filter[external_links]": "true" }))).toEqual(["santos", "smith"]);
    expect(names(await list({ "filter[external_links]": "false" }))).toEqual(["ozolins", "petrenko"]);
  });

  it("favorites are the caller's own stars", async () => {
    await api()
      .post("/api/favorites/star_user")
      .set(admin)
      .send({ user_id: Number(people.santos) });
    expect(names(await list({ "filter[favorites]": "true" }))).toEqual(["santos"]);
    const other = await signInAs("manager");
    expect(names(await list({ "filter[favorites]": "true" }, other.headers))).toEqual([]);
    // false is the default: no filter.
    expect(names(await list({ "filter[favorites]": "false" }))).toHaveLength(4);
  });

  it("tags: any of the given tags, or all of them", async () => {
    const dp = await db().tag.create({ data: { name: unique("DP2") } });
    await db().userTag.create({ data: { userId: Number(people.smith), tagId: dp.id } });
    expect(names(await list({ "filter[tags]": `${scopeTag},${dp.id}` }))).toEqual([
      "ozolins",
      "petrenko",
      "santos",
      "smith",
    ]);
    expect(
      names(await list({ "filter[tags]": `${scopeTag},${dp.id}`, "filter[tags_match]": "every" })),
    ).toEqual(["smith"]);
  });

  it("sea-service filters: has sea service on such a vessel or with such a company", async () => {
    const type = await db().vesselType.create({ data: { title: unique("Bulk carrier") } });
    const engine = await db().engineType.create({ data: { title: unique("Two-stroke") } });
    const maker = await db().engineManufacturer.create({ data: { title: unique("WinGD") } });
    const service = (userId: string, attrs: { dwt: number; manager: string; typed?: boolean }) => ({
      userId: Number(userId),
      roleId: master,
      vesselName: unique("MV"),
      dateOn: new Date("2024-01-10"),
      dateOff: new Date("2024-07-10"),
      vesselDeadweight: attrs.dwt,
      vesselManager: attrs.manager,
      ...(attrs.typed
        ? { vesselTypeId: type.id, engineTypeId: engine.id, engineManufacturerId: maker.id }
        : {}),
    });
    await db().expirience.createMany({
      data: [
        service(people.petrenko ?? "", { dwt: 58_000, manager: "Oceanic Ship Management Ltd", typed: true }),
        service(people.petrenko ?? "", { dwt: 12_000, manager: "Baltic Technical Services" }),
        service(people.santos ?? "", { dwt: 180_000, manager: "Blue Anchor Marine" }),
      ],
    });
    expect(names(await list({ "filter[deadweight]": "50000,80000" }))).toEqual(["petrenko"]);
    expect(names(await list({ "filter[deadweight]": "100000," }))).toEqual(["santos"]);
    expect(names(await list({ "filter[equasis_vessel_type_id]": String(type.id) }))).toEqual(["petrenko"]);
    expect(names(await list({ "filter[engine_type]": String(engine.id) }))).toEqual(["petrenko"]);
    expect(names(await list({ "filter[engine_manufacturer]": String(maker.id) }))).toEqual(["petrenko"]);
    expect(names(await list({ "filter[company_manager_name]": "anchor" }))).toEqual(["santos"]);
    expect(names(await list({ "filter[company_manager_name]": "50%" }))).toEqual([]);
    // Each filter asks of all the applicant's sea service: a bulk carrier and, on another ship, a small deadweight.
    expect(
      names(
        await list({ "filter[equasis_vessel_type_id]": String(type.id), "filter[deadweight]": ",20000" }),
      ),
    ).toEqual(["petrenko"]);
    expect(
      names(
        await list({
          "filter[equasis_vessel_type_id]": String(type.id),
          "filter[company_manager_name]": "anchor",
        }),
      ),
    ).toEqual([]);
    // Removing the sea service clears the facets at once.
    await db().expirience.deleteMany({ where: { userId: Number(people.santos) } });
    expect(names(await list({ "filter[company_manager_name]": "anchor" }))).toEqual([]);
    // The list shows the latest sea service at once (the records area's feed of the derived columns).
    const petrenko = (await list({ search: "petrenko" })).data.find((d) => d.id === people.petrenko);
    expect(petrenko?.attributes.vessel_last_name).toEqual(expect.stringMatching(/^MV-/));
  });

  it("a bad filter value or an unknown filter is 400 naming it", async () => {
    for (const [key, value] of [
      ["filter[age]", "40,30"],
      ["filter[status]", "hired"],
      ["filter[role]", "x"],
      ["filter[nope]", "1"],
      ["filter[deadweight]", "a,b"],
    ]) {
      const res = await api()
        .get("/api/users")
        .query({ [key as string]: value })
        .set(admin);
      expect(res.status, key).toBe(400);
      expect(res.body.errors[0].source.parameter).toBe(key);
    }
  });
});

describe("users list: search (spec 001 §5)", () => {
  const search = async (text: string) => names(await list({ search: text }));

  it("one word matches names by prefix, whatever the accents and case", async () => {
    expect(await search("petr")).toEqual(["petrenko"]);
    expect(await search("JOSE")).toEqual(["santos"]);
    expect(await search("ozolins")).toEqual(["ozolins"]);
    expect(await search("Jānis")).toEqual(["ozolins"]);
  });

  it("several words are joined with AND; OR and AND are operators", async () => {
    expect(await search("john smith")).toEqual(["smith"]);
    expect(await search("john santos")).toEqual([]);
    expect(await search("smith OR santos")).toEqual(["santos", "smith"]);
    expect(await search("smith AND john")).toEqual(["smith"]);
    expect(await search("petrenko OR santos AND jose")).toEqual(["petrenko", "santos"]);
  });

  it("quoted phrases match as phrases", async () => {
    expect(await search('"john paul"')).toEqual(["smith"]);
    expect(await search('"paul john"')).toEqual([]);
  });

  it("phones by digits whatever the formatting, e-mails, the applicant number, tags", async () => {
    expect(await search("0505551234")).toEqual(["petrenko"]);
    expect(await search("+380 50 555 12 34")).toEqual(["petrenko"]);
    expect(await search("(0917) 555-0101")).toEqual(["santos"]);
    expect(await search("o.petrenko@ukr.net")).toEqual(["petrenko"]);
    expect(await search("inbox")).toEqual(["ozolins"]);
    const number = (await db().user.findUniqueOrThrow({ where: { id: Number(people.smith) } }))
      .crewingApplicantId;
    expect(await search(number)).toEqual(["smith"]);
    const tag = await db().tag.findUniqueOrThrow({ where: { id: scopeTag } });
    expect(await search(tag.name)).toEqual(["ozolins", "petrenko", "santos", "smith"]);
  });

  it("punctuation alone is no search; a search over 200 characters is 400", async () => {
    expect(await search("!!!")).toHaveLength(4);
    expect(
      (
        await api()
          .get("/api/users")
          .query({ search: "x".repeat(201) })
          .set(admin)
      ).status,
    ).toBe(400);
  });
});

describe("users list: sort, pages, fields, includes", () => {
  it("sorts by a column, empty values last both ways", async () => {
    const ids = (body: { data: { id: string }[] }) =>
      idsOf(body).map((id) => Object.entries(people).find(([, v]) => v === id)?.[0]);
    // No wage for smith and ozolins: last, in the order they were created (ties go by id).
    expect(ids(await list({ sort: "wage" }))).toEqual(["santos", "petrenko", "smith", "ozolins"]);
    expect(ids(await list({ sort: "-wage" })).slice(0, 2)).toEqual(["petrenko", "santos"]);
    expect(ids(await list({ sort: "age" })).slice(0, 3)).toEqual(["santos", "petrenko", "smith"]);
    expect(ids(await list({ sort: "surname" }))).toEqual(["ozolins", "petrenko", "santos", "smith"]);
    expect(ids(await list({ sort: "-surname" }))).toEqual(["smith", "santos", "petrenko", "ozolins"]);
    expect((await api().get("/api/users").query({ sort: "email" }).set(admin)).status).toBe(400);
  });

  it("pages carry meta.count and page links", async () => {
    const first = await list({ "page[size]": "2", "page[number]": "1", sort: "surname" });
    expect(first.data).toHaveLength(2);
    expect(first.meta.count).toBe(4);
    expect(first.links.last).toContain("page%5Bnumber%5D=2");
    const second = await list({ "page[size]": "2", "page[number]": "2", sort: "surname" });
    expect(idsOf(second)).not.toContain(idsOf(first)[0]);
    const beyond = await list({ "page[size]": "2", "page[number]": "9", sort: "surname" });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.count).toBe(4);
  });

  it("answers the spec's field list with includes last_expirience, role, external_applications", async () => {
    const res = await api()
      .get("/api/users")
      .query({
        "filter[tags]": String(scopeTag),
        include: "last_expirience,role,external_applications",
        "fields[users]":
          "surname,name,role,crewing_rank,last_expirience,is_favorite,tag_list,country_birth_emoji,external_applications,valid_state",
      })
      .set(admin);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    const petrenko = res.body.data.find((d: { id: string }) => d.id === people.petrenko);
    expect(Object.keys(petrenko.attributes).sort()).toEqual([
      "country_birth_emoji",
      "crewing_rank",
      "is_favorite",
      "name",
      "surname",
      "tag_list",
      "valid_state",
    ]);
    expect(petrenko.relationships.external_applications.data).toEqual([]);
    expect(
      res.body.included.some(
        (r: { type: string; id: string }) => r.type === "ranks" && r.id === String(master),
      ),
    ).toBe(true);
  });

  it("select_options finds seafarers by name for pickers", async () => {
    const res = await api().get("/api/select_options").query({ type: "users", q: "Ozoli" }).set(admin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id)).toContain(people.ozolins);
    expect(res.body.data[0].attributes.label).toMatch(/^Ozoliņš Jānis \(\d+\)$/);
  });

  it("partner and partner_view may not read users; freelance may", async () => {
    for (const role of ["partner", "partner_view"] as const) {
      const { headers } = await signInAs(role);
      expect((await api().get("/api/users").set(headers)).status).toBe(403);
      expect((await api().get(`/api/users/${people.santos}`).set(headers)).status).toBe(403);
    }
    const freelance = await signInAs("freelance");
    expect((await api().get("/api/users").set(freelance.headers)).status).toBe(200);
    const created = await createApplicant(freelance.headers, {
      mobile_phone: uniquePhone(),
      surname: uniqueSurname(),
    });
    expect(created.relationships?.author?.data).toEqual({ type: "clients", id: String(freelance.client.id) });
    expect(adminId).toBeGreaterThan(0);
  });
});
