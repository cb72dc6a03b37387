import ExcelJS from "exceljs";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createScaleRow, createVessel, unique } from "../support/factories.js";
import { api, download, createApplicant, newPlan } from "../planning/planning-support.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

const sheetOf = async (body: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(body).buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet;
};
/** The text of a .docx: its body and page headers (the form's heading repeats there) without the markup. */
const docxText = async (body: Buffer): Promise<string> => {
  const zip = await JSZip.loadAsync(body);
  const parts = zip.file(/^word\/(document|header\d*)\.xml$/);
  const xml = (await Promise.all(parts.map((p) => p.async("string")))).join("\n");
  return xml
    .replace(/<w:tab\/>/g, " ")
    .replace(/<\/w:p>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&");
};

/** A vessel at a crew change in Rotterdam: the master relieved, a cook joining, an AB staying aboard. */
const crewChangeWorld = async () => {
  const db = testDeps().db;
  const country = await db.country.create({
    data: { name: unique("Cyprus"), code: unique("").slice(-5).toUpperCase() },
  });
  const vessel = await createVessel({ name: "NORDIC STAR" });
  await db.vessel.update({ where: { id: vessel.id }, data: { callSign: "5BQX2", flagId: country.id } });
  const [rotterdam, antwerp] = [
    await db.port.create({ data: { name: "Rotterdam", locode: unique("NL").toUpperCase() } }),
    await db.port.create({ data: { name: "Antwerp", locode: unique("BE").toUpperCase() } }),
  ];
  const [master, ab, cook] = [
    await createScaleRow({ vesselId: vessel.id }),
    await createScaleRow({ vesselId: vessel.id }),
    await createScaleRow({ vesselId: vessel.id }),
  ];
  const people = {
    relieved: await createApplicant({
      surname: "Kovalenko",
      name: "Andrii",
      birthday: "1974-03-12",
      countryBirthId: country.id,
    }),
    relief: await createApplicant({ surname: "Shevchenko", name: "Taras", birthday: "1980-05-01" }),
    aboard: await createApplicant({ surname: "Bondar", name: "Ivan", birthday: "1990-01-20" }),
    cook: await createApplicant({ surname: "Melnyk", name: "Oksana", birthday: "1985-07-07" }),
  };
  // Box 13: the master and the relieved one men, the cook a woman, the AB's record silent on it.
  await db.user.updateMany({
    where: { id: { in: [people.relieved.id, people.relief.id] } },
    data: { gender: "male" },
  });
  await db.user.update({ where: { id: people.cook.id }, data: { gender: "female" } });
  const off = await newPlan(admin, master.id, "2026-09-01", "2026-12-03", people.relieved.id, "on_board");
  const on = await newPlan(admin, master.id, "2026-12-03", "2027-06-01", people.relief.id, "approved");
  await newPlan(admin, ab.id, "2026-10-01", "2027-04-01", people.aboard.id, "on_board");
  const cookOn = await newPlan(admin, cook.id, "2026-12-03", "2027-07-01", people.cook.id, "approved");
  const cc = await api()
    .post("/api/crew_changes")
    .set(admin)
    .send({
      data: {
        type: "crew_changes",
        attributes: {
          date: "2026-12-03",
          voyage_number: "24/117",
          crewlists: [
            { sign_on_id: on, sign_off_id: off },
            { sign_on_id: cookOn, sign_off_id: null },
          ],
        },
        relationships: {
          vessel: { data: { type: "vessels", id: String(vessel.id) } },
          port: { data: { type: "ports", id: String(rotterdam.id) } },
          port_arrived: { data: { type: "ports", id: String(antwerp.id) } },
        },
      },
    });
  expect(cc.status).toBe(201);
  return { ccId: String(cc.body.data.id), vessel, country, master, people };
};

describe("planning print-outs", () => {
  it("the FAL Form 5 crew list on departure: every header box, the crew after the change by rank, real dates", async () => {
    const { ccId, country, master } = await crewChangeWorld();
    const res = await download(api().get("/api/print/crew_list").set(admin).query({ crew_change_id: ccId }));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain("Crew list departure NORDIC STAR 2026-12-03.xlsx");
    const sheet = await sheetOf(res.body);
    const text = (address: string) => JSON.stringify(sheet.getCell(address).value);
    expect(text("A3")).toContain("☒ Departure");
    for (const [address, value] of [
      ["D3", "NORDIC STAR"],
      ["D4", "5BQX2"],
      ["G4", "24/117"],
      ["J4", country.name],
      ["A5", "Rotterdam, NL-"],
      ["G5", "03.12.2026"],
      ["J5", "Antwerp, BE-"],
    ] as const) {
      expect(text(address)).toContain(value);
    }
    expect(text("A4")).toMatch(/\d{7}/);
    // After the change: the relief (master first), the AB staying, the cook joining; not the relieved master.
    const names = [8, 9, 10].map((r) => sheet.getRow(r).getCell(2).value);
    expect(names).toEqual(["SHEVCHENKO", "BONDAR", "MELNYK"]);
    expect(JSON.stringify(sheet.getRow(11).values)).not.toContain("KOVALENKO");
    expect(sheet.getRow(8).getCell(4).value).toBe(master.name.replace(/\s+\d+$/, ""));
    expect(sheet.getRow(8).getCell(6).value).toEqual(new Date("1980-05-01T00:00:00Z"));
    expect(sheet.getRow(7).getCell(8).value).toBe("13. Gender");
    expect([8, 9, 10].map((r) => sheet.getRow(r).getCell(8).value ?? "")).toEqual(["M", "", "F"]);

    const arrival = await sheetOf(
      (
        await download(
          api().get("/api/print/crew_list").set(admin).query({ crew_change_id: ccId, type: "arrival" }),
        )
      ).body,
    );
    expect(JSON.stringify(arrival.getCell("A3").value)).toContain("☒ Arrival");
    const arrived = [8, 9].map((r) => arrival.getRow(r).getCell(2).value);
    expect(arrived).toEqual(["KOVALENKO", "BONDAR"]);
    expect(arrival.getRow(8).getCell(7).value).toBe(country.name);
    // No passport on record: the country of birth stands for the nationality.
    expect(arrival.getRow(8).getCell(5).value).toBe(country.name);
    expect(JSON.stringify(arrival.getCell("J3").value)).toContain("1 of 1");
  });

  it("the crew list as .docx reads the same boxes", async () => {
    const { ccId } = await crewChangeWorld();
    const res = await download(
      api().get("/api/print/crew_list").set(admin).query({ crew_change_id: ccId, format: "docx" }),
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toContain(".docx");
    const text = await docxText(res.body);
    for (const box of [
      "CREW LIST",
      "IMO FAL Form 5",
      "1.1 Name of ship",
      "NORDIC STAR",
      "1.3 Call sign",
      "5BQX2",
      "1.4 Voyage number",
      "24/117",
      "2 Port of departure",
      "Rotterdam",
      "5 Last port of call",
      "Antwerp",
      "17. Expiry date of identity document",
      "SHEVCHENKO",
      "MELNYK",
      "18. Date and signature",
    ]) {
      expect(text).toContain(box);
    }
    expect(text).not.toContain("KOVALENKO");
    // Each cell is a paragraph: the cook's row reads family name, given names, rank, nationality, birth date and place, gender.
    const lines = text.split("\n");
    const cook = lines.indexOf("MELNYK");
    expect(lines.slice(cook, cook + 7)).toEqual([
      "MELNYK",
      "Oksana",
      expect.any(String),
      "",
      "07.07.1985",
      "",
      "F",
    ]);
  });

  it("lists what a port would refuse in the arrival crew list: per seafarer and box, empty boxes and passports expired by arrival", async () => {
    const { ccId, country, people } = await crewChangeWorld();
    const db = testDeps().db;
    const passport = await db.applicantDocumentKind.create({ data: { title: unique("Passport") } });
    // The AB's passport ran out the day before the arrival on 03.12.2026; the relieved master's runs out on it (still valid).
    await db.applicantDocument.create({
      data: {
        userId: people.aboard.id,
        nDoc: passport.id,
        number: "EK123456",
        validUntil: new Date("2026-12-02T00:00:00Z"),
        issuingCountryId: country.id,
      },
    });
    await db.applicantDocument.create({
      data: {
        userId: people.relieved.id,
        nDoc: passport.id,
        number: "FA000001",
        validUntil: new Date("2026-12-03T00:00:00Z"),
        issuingCountryId: country.id,
      },
    });
    const res = await api()
      .get("/api/print/crew_list/problems")
      .set(admin)
      .query({ crew_change_id: ccId, type: "arrival" });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ type: "arrival", date: "2026-12-03", crew_count: 2 });
    const problems = res.body.data as {
      type: string;
      attributes: { seafarer: string; user_id: number; box: string; problem: string; message: string };
    }[];
    expect(new Set(problems.map((p) => p.type))).toEqual(new Set(["crew_list_problems"]));
    const of = (userId: number) =>
      problems
        .filter((p) => p.attributes.user_id === userId)
        .map((p) => `${p.attributes.box} ${p.attributes.problem}`);
    // The master has a passport valid on the day and his gender; nothing to say about him.
    expect(of(people.relieved.id)).toEqual([]);
    // The AB: no gender on record, and a passport expired the day before.
    expect(of(people.aboard.id)).toEqual(["12 missing", "13 missing", "17 expired"]);
    const expired = problems.find((p) => p.attributes.problem === "expired");
    expect(expired?.attributes.seafarer).toBe("BONDAR Ivan");
    expect(expired?.attributes.message).toMatch(
      /expired on 02\.12\.2026, before the arrival on 03\.12\.2026/,
    );
    // On departure the reliefs are aboard: the cook has no passport or seaman's book, so boxes 14 to 17 are empty.
    const departure = await api()
      .get("/api/print/crew_list/problems")
      .set(admin)
      .query({ crew_change_id: ccId, type: "departure" });
    const cook = (
      departure.body.data as { attributes: { user_id: number; box: string; message: string } }[]
    ).filter((p) => p.attributes.user_id === people.cook.id);
    expect(cook.map((p) => p.attributes.box)).toEqual(["10", "12", "14", "15", "16", "17"]);
    expect(cook.at(-1)?.attributes.message).toContain("no passport or seaman's book on record");
    // A crew change the reader may not see, and a bad direction, are refused like the print-out.
    expect(
      (await api().get("/api/print/crew_list/problems").set(admin).query({ crew_change_id: "2000000000" }))
        .status,
    ).toBe(404);
    expect(
      (
        await api()
          .get("/api/print/crew_list/problems")
          .set(admin)
          .query({ crew_change_id: ccId, type: "sideways" })
      ).status,
    ).toBe(422);
  });

  it("the crew by rank: signing on and off at the crew change, and on board a vessel today", async () => {
    const { ccId, vessel } = await crewChangeWorld();
    const on = await sheetOf(
      (
        await download(
          api().get("/api/print/crew_role").set(admin).query({ crew_change_id: ccId, type: "sign_on" }),
        )
      ).body,
    );
    expect(on.getCell("A1").text).toBe("Signing on: NORDIC STAR");
    expect([5, 6].map((r) => on.getRow(r).getCell(3).value)).toEqual(["SHEVCHENKO", "MELNYK"]);
    const off = await sheetOf(
      (
        await download(
          api().get("/api/print/crew_role").set(admin).query({ crew_change_id: ccId, type: "sign_off" }),
        )
      ).body,
    );
    expect(off.getRow(5).getCell(3).value).toBe("KOVALENKO");
    expect(off.getRow(6).getCell(3).value ?? null).toBeNull();
    const today = await download(
      api()
        .get("/api/print/crew_role")
        .set(admin)
        .query({ vessel_id: String(vessel.id), type: "on_board" }),
    );
    expect(today.status).toBe(200);
    expect((await sheetOf(today.body)).getCell("A2").text).toContain("on board on");
    // Asking for a crew change's sides without one, or for both at once, is refused.
    expect(
      (
        await api()
          .get("/api/print/crew_role")
          .set(admin)
          .query({ vessel_id: String(vessel.id), type: "sign_on" })
      ).status,
    ).toBe(422);
    expect(
      (
        await api()
          .get("/api/print/crew_role")
          .set(admin)
          .query({ vessel_id: String(vessel.id), crew_change_id: ccId, type: "on_board" })
      ).status,
    ).toBe(422);
    expect(
      (await api().get("/api/print/crew_list").set(admin).query({ crew_change_id: "2000000000" })).status,
    ).toBe(404);
  });
});
