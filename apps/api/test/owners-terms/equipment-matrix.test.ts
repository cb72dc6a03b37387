import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { download } from "../support/download.js";
import { createOwner, createRank, createScaleRow, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, newPlan, signInPartner } from "../planning/planning-support.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

const option = (title: string, sizeKind = "none") =>
  testDeps().db.equipmentOption.create({ data: { title: unique(title), sizeKind } });

/** An owner's vessel with a master's and an AB's row, and three items (coverall by size, shoes by size, helmet). */
const fleet = async () => {
  const owner = await createOwner();
  const vessel = await createVessel({ ownerId: owner.id });
  const [master, ab, cook] = [await createRank(), await createRank(), await createRank()];
  const rows = {
    master: await createScaleRow({ vesselId: vessel.id, rankId: master.id }),
    ab: await createScaleRow({ vesselId: vessel.id, rankId: ab.id }),
    cook: await createScaleRow({ vesselId: vessel.id, rankId: cook.id }),
  };
  const items = {
    coverall: await option("Coverall", "coverall"),
    shoes: await option("Safety shoes", "shoe"),
    helmet: await option("Helmet"),
  };
  return { owner, vessel, master, ab, cook, rows, items };
};
type TFleet = Awaited<ReturnType<typeof fleet>>;

const body = (f: TFleet, title = "Standard issue") => ({
  owner_id: f.owner.id,
  title,
  role_ids: [f.master.id, f.ab.id],
  equipments: [
    { equipment_option_id: f.items.coverall.id, price: 32.5 },
    { equipment_option_id: f.items.shoes.id, price: 54 },
    { equipment_option_id: f.items.helmet.id, price: 12.75 },
  ],
  items: [
    { role_id: f.master.id, equipment_option_id: f.items.coverall.id, qty: 2 },
    { role_id: f.ab.id, equipment_option_id: f.items.coverall.id, qty: 3 },
    { role_id: f.ab.id, equipment_option_id: f.items.shoes.id, qty: 1 },
    { role_id: f.ab.id, equipment_option_id: f.items.helmet.id, qty: 1 },
  ],
});

const create = async (f: TFleet, title?: string) => {
  const res = await api().post("/api/owner_matrices/create_matrix").set(admin).send(body(f, title));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
};

describe("protective-equipment matrix", () => {
  it("is made whole from the multi-step form, current, with ranks, items in order with prices and quantities", async () => {
    const f = await fleet();
    const res = await create(f);
    expectJsonApi(res.body);
    expect(res.body.data.attributes).toMatchObject({
      title: "Standard issue",
      current: true,
      role_count: 2,
      equipment_count: 3,
    });
    const included = res.body.included as { type: string; attributes: Record<string, unknown> }[];
    const prices = included.filter((r) => r.type === "matrix_prices").map((r) => r.attributes);
    expect(prices.map((p) => [p.position, p.price])).toEqual([
      [1, 32.5],
      [2, 54],
      [3, 12.75],
    ]);
    expect(included.filter((r) => r.type === "matrix_items")).toHaveLength(4);
    const second = await create(f, "Winter issue");
    const list = await api().get(`/api/owners/${f.owner.id}/equipment_matrices`).set(admin);
    expect(list.status).toBe(200);
    expect(
      list.body.data.map((m: { id: string; attributes: { current: boolean } }) => [
        m.id,
        m.attributes.current,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [res.body.data.id, false],
        [second.body.data.id, true],
      ]),
    );
  });

  it("edit keeps cells that stay, offers unused ranks and items; a cell and a price change one at a time; copy", async () => {
    const f = await fleet();
    const id = (await create(f)).body.data.id as string;
    const before = await api()
      .get(`/api/matrix_items?filter[owner_matrix_id]=${id}&page[size]=999`)
      .set(admin);
    expect(before.body.data).toHaveLength(4);
    const unusedRoles = await api().get(`/api/owner_matrices/${id}/unused_roles`).set(admin);
    expect(unusedRoles.status).toBe(200);
    expect(unusedRoles.body.data.map((r: { id: string }) => r.id)).toEqual([String(f.cook.id)]);
    const unusedItems = await api()
      .get(`/api/owner_matrices/${id}/unused_equipments?page[size]=999`)
      .set(admin);
    expect(unusedItems.status).toBe(200);
    const unusedIds = unusedItems.body.data.map((r: { id: string }) => r.id);
    expect(unusedIds).not.toContain(String(f.items.helmet.id));

    const { owner_id: _owner, ...edited } = body(f, "Standard issue 2027");
    edited.role_ids.push(f.cook.id);
    edited.items = edited.items.filter((c) => c.equipment_option_id !== f.items.helmet.id);
    edited.items.push({ role_id: f.cook.id, equipment_option_id: f.items.coverall.id, qty: 4 });
    const res = await api().post(`/api/owner_matrices/${id}/edit_matrix`).set(admin).send(edited);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await api()
      .get(`/api/matrix_items?filter[owner_matrix_id]=${id}&page[size]=999`)
      .set(admin);
    const keptIds = before.body.data.map((c: { id: string }) => c.id);
    expect(after.body.data).toHaveLength(4);
    expect(after.body.data.filter((c: { id: string }) => keptIds.includes(c.id))).toHaveLength(3);

    const cell = after.body.data[0] as { id: string };
    const qty = await api()
      .patch(`/api/matrix_items/${cell.id}`)
      .set(admin)
      .send({ data: { type: "matrix_items", id: cell.id, attributes: { qty: 5 } } });
    expect(qty.status, JSON.stringify(qty.body)).toBe(200);
    expect(qty.body.data.attributes.qty).toBe(5);
    const prices = await api().get(`/api/matrix_prices?filter[owner_matrix_id]=${id}`).set(admin);
    expect(prices.status, JSON.stringify(prices.body)).toBe(200);
    const price = prices.body.data[0] as { id: string };
    const changed = await api()
      .patch(`/api/matrix_prices/${price.id}`)
      .set(admin)
      .send({ data: { type: "matrix_prices", id: price.id, attributes: { price: 29.9 } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes.price).toBe(29.9);

    const other = await createOwner();
    const copy = await api()
      .post(`/api/owner_matrices/${id}/copy_matrix`)
      .set(admin)
      .send({ owner_id: other.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.data.attributes).toMatchObject({
      title: "Standard issue 2027",
      current: true,
      role_count: 3,
    });
  });

  it("bad input is a 422 with a pointer, never a 500", async () => {
    const f = await fleet();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body(f), title: " " }, "/data/attributes/title"],
      [{ ...body(f), role_ids: [2_000_000_000] }, "/data/attributes/role_ids"],
      [
        { ...body(f), items: [{ role_id: f.cook.id, equipment_option_id: f.items.coverall.id, qty: 1 }] },
        "/data/attributes/items/0",
      ],
      [
        { ...body(f), items: [{ role_id: f.ab.id, equipment_option_id: f.items.coverall.id, qty: 0 }] },
        "/data/attributes/items",
      ],
      [
        { ...body(f), equipments: [{ equipment_option_id: f.items.coverall.id, price: 1.234 }] },
        "/data/attributes/equipments",
      ],
      [
        {
          ...body(f),
          equipments: [
            { equipment_option_id: f.items.coverall.id, price: 1 },
            { equipment_option_id: f.items.coverall.id, price: 2 },
          ],
          items: [],
        },
        "/data/attributes/equipments/1/equipment_option_id",
      ],
    ];
    for (const [sent, pointer] of cases) {
      const res = await api().post("/api/owner_matrices/create_matrix").set(admin).send(sent);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[0].source.pointer, JSON.stringify(res.body)).toBe(pointer);
    }
    const id = (await create(f)).body.data.id as string;
    const stray = await api()
      .post("/api/matrix_items")
      .set(admin)
      .send({
        data: {
          type: "matrix_items",
          attributes: { qty: 1 },
          relationships: {
            owner_matrix: { data: { type: "owner_matrices", id } },
            role: { data: { type: "ranks", id: String(f.cook.id) } },
            equipment_option: { data: { type: "equipment_options", id: String(f.items.coverall.id) } },
          },
        },
      });
    expect(stray.status, JSON.stringify(stray.body)).toBe(422);
    expect(stray.body.errors[0].source.pointer).toBe("/data/relationships/role");
  });

  it("a partner sees only its own owners' matrices; partner_view cannot change them", async () => {
    const [mine, theirs] = [await fleet(), await fleet()];
    const myId = (await create(mine)).body.data.id as string;
    const theirId = (await create(theirs)).body.data.id as string;
    const { headers } = await signInPartner("partner", mine.owner.id);
    expect((await api().get(`/api/owner_matrices/${myId}`).set(headers)).status).toBe(200);
    expect((await api().get(`/api/owner_matrices/${theirId}`).set(headers)).status).toBe(404);
    const list = await api().get("/api/owner_matrices?page[size]=999").set(headers);
    expect(list.body.data.map((m: { id: string }) => m.id)).not.toContain(theirId);
    const view = await signInPartner("partner_view", mine.owner.id);
    const res = await api()
      .post(`/api/owner_matrices/${myId}/edit_matrix`)
      .set(view.headers)
      .send(body(mine));
    expect(res.status).toBe(403);
  });
});

describe("PPE order print", () => {
  const crewChange = async (f: TFleet) => {
    const port = await testDeps().db.port.create({ data: { name: unique("Rotterdam") } });
    return testDeps().db.crewChange.create({
      data: { vesselId: f.vessel.id, portId: port.id, date: new Date("2027-03-10T00:00:00Z") },
    });
  };

  it("lists each seafarer signing on with the rank's items, sizes, quantities, prices and totals", async () => {
    const f = await fleet();
    const matrixId = (await create(f)).body.data.id as string;
    const cc = await crewChange(f);
    const [sized, unsized, cook] = [
      await createApplicant({ surname: "Sized" }),
      await createApplicant({ surname: "Unsized" }),
      await createApplicant({ surname: "Cook" }),
    ];
    await testDeps().db.user.update({
      where: { id: sized.id },
      data: { coverallSize: "XL", shoeSize: "44", height: 182, weight: 85 },
    });
    const plans = [
      await newPlan(admin, f.rows.ab.id, "2027-03-10", "2027-09-10", sized.id),
      await newPlan(admin, f.rows.master.id, "2027-03-10", "2027-09-10", unsized.id),
      await newPlan(admin, f.rows.cook.id, "2027-03-10", "2027-09-10", cook.id),
    ];
    await testDeps().db.timePlan.updateMany({
      where: { id: { in: plans } },
      data: { crewChangeSignOnId: cc.id },
    });

    const res = await download(api().get(`/api/print/ppe_order?crew_change_id=${cc.id}`).set(admin));
    expect(res.status, res.body.toString()).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain("PPE order");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Order");
    const rows: string[][] = [];
    sheet?.eachRow((row) =>
      rows.push(
        (row.values as unknown[])
          .slice(1)
          .map((v) => (typeof v === "string" || typeof v === "number" ? String(v) : "")),
      ),
    );
    const text = rows.map((r) => r.join("|"));
    expect(text).toContainEqual(expect.stringContaining("Sized Ivan"));
    expect(text.find((l) => l.includes("Coverall") && l.includes("|XL|"))).toContain("|3|32.5|97.5");
    expect(text.find((l) => l.includes("Safety shoes"))).toContain("|44|1|54|54");
    // The master has no sizes on record: marked, not guessed.
    expect(text.find((l) => l.includes("Unsized"))).toContain("size missing|2|32.5|65");
    expect(text.find((l) => l.includes("Cook"))).toContain("Rank not in the matrix");
    expect(text.find((l) => l.startsWith("|Total for Sized"))).toContain("|164.25");
    expect(text.find((l) => l.includes("Order total"))).toContain("229.25");
    expect(book.getWorksheet("Summary")).toBeDefined();

    // With the matrix named, and refusals: an unknown crew change 404, a vessel's owner without a matrix 422.
    const named = await download(
      api().get(`/api/print/ppe_order?crew_change_id=${cc.id}&owner_matrix_id=${matrixId}`).set(admin),
    );
    expect(named.status).toBe(200);
    expect((await api().get("/api/print/ppe_order?crew_change_id=2000000000").set(admin)).status).toBe(404);
    const bare = await fleet();
    const bareCc = await crewChange(bare);
    const none = await api().get(`/api/print/ppe_order?crew_change_id=${bareCc.id}`).set(admin);
    expect(none.status).toBe(422);
    expect(none.body.errors[0].source.pointer).toBe("/data/attributes/owner_matrix_id");
    expect((await api().get("/api/print/ppe_order?crew_change_id=abc").set(admin)).status).toBe(422);
  });

  it("a partner of another owner cannot print this owner's order", async () => {
    const [f, other] = [await fleet(), await fleet()];
    await create(f);
    const cc = await crewChange(f);
    const { headers } = await signInPartner("partner", other.owner.id);
    const res = await api().get(`/api/print/ppe_order?crew_change_id=${cc.id}`).set(headers);
    expect([403, 404]).toContain(res.status);
  });

  it("applicants keep their sizes", async () => {
    const a = await createApplicant();
    const res = await api()
      .patch(`/api/users/${a.id}`)
      .set(admin)
      .send({
        data: {
          type: "users",
          id: String(a.id),
          attributes: { coverall_size: "xl", shoe_size: "43", height: 180, weight: 80 },
        },
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      coverall_size: "XL",
      shoe_size: "43",
      height: 180,
      weight: 80,
    });
    const bad = await api()
      .patch(`/api/users/${a.id}`)
      .set(admin)
      .send({ data: { type: "users", id: String(a.id), attributes: { height: 400 } } });
    expect(bad.status).toBe(422);
  });
});
