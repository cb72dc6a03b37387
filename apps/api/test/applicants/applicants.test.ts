import { describe, expect, it } from "vitest";
import { adminOfFile } from "../support/admin-of-file.js";
import { createRank } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, db, uniquePhone, uniqueSurname, tracked } from "./support.js";

const { headers: admin, account: adminAccount } = adminOfFile();
tracked(admin);

describe("users: the record", () => {
  it("creates an applicant with a server-assigned number, reads it back with its derived values", async () => {
    const rank = await createRank();
    const ua = await db().country.upsert({
      where: { code: "UA" },
      update: {},
      create: { name: "Ukraine", code: "UA" },
    });
    const surname = uniqueSurname();
    const phone = uniquePhone();
    const created = await createApplicant(
      admin,
      {
        surname,
        name: "Petro",
        middle: "Ivanovych",
        birthday: "1985-04-03",
        email: `${surname.toLowerCase()}@example.com`,
        mobile_phone: phone,
        status: "to_propose",
        readiness_date: "2027-01-15",
        wage: 4500,
        hot: true,
      },
      {
        role: { data: { type: "ranks", id: String(rank.id) } },
        country_birth: { data: { type: "countries", id: String(ua.id) } },
      },
    );
    const a = created.attributes;
    expect(a.crewing_applicant_id).toMatch(/^\d{6,}$/);
    expect(a.full_name).toBe(`${surname} Petro Ivanovych`);
    expect(typeof a.age).toBe("number");
    expect(a.country_birth_emoji).toBe("🇺🇦");
    expect(a.country_birth_name).toBe(ua.name);
    expect(a.crewing_rank).toBe(rank.title);
    expect(a.is_favorite).toBe(false);
    expect(a.tag_list).toEqual([]);
    expect(a.vessel_planned_name).toBeNull();
    expect(a).not.toHaveProperty("knowing_duplicate");

    const shown = await api().get(`/api/users/${created.id}`).query({ include: "role" }).set(admin);
    expect(shown.status).toBe(200);
    expectJsonApi(shown.body);
    expect(shown.body.included.map((r: { type: string }) => r.type)).toEqual(["ranks"]);
    expect(shown.body.data.relationships.author.data).toEqual({
      type: "clients",
      id: String(adminAccount.id),
    });
  });

  it("numbers applicants in order and never takes a number from the client", async () => {
    const a = await createApplicant(admin);
    const b = await createApplicant(admin);
    expect(Number(b.attributes.crewing_applicant_id)).toBeGreaterThan(
      Number(a.attributes.crewing_applicant_id),
    );
    const res = await api()
      .post("/api/users")
      .set(admin)
      .send({
        data: {
          type: "users",
          attributes: { surname: uniqueSurname(), name: "X", crewing_applicant_id: "1" },
        },
      });
    expect(res.status).toBe(400);
  });

  it("refuses what a recruiter would not accept, field by field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ surname: "" }, "surname"],
      [{ name: "  " }, "name"],
      [{ birthday: "2999-01-01" }, "birthday"],
      [{ birthday: "1985-02-30" }, "birthday"],
      [{ readiness_date: "1989-12-31" }, "readiness_date"],
      [{ email: "not-an-email" }, "email"],
      [{ mobile_phone: "call me" }, "mobile_phone"],
      [{ mobile_phone: "123" }, "mobile_phone"],
      [{ wage: -1 }, "wage"],
      [{ status: "hired" }, "status"],
      [{ gender: "M" }, "gender"],
      [{ crewing_status_id: 2147483000 }, "crewing_status_id"],
    ];
    for (const [attrs, field] of cases) {
      const res = await api()
        .post("/api/users")
        .set(admin)
        .send({ data: { type: "users", attributes: { surname: uniqueSurname(), name: "Ivan", ...attrs } } });
      expect(res.status, `${JSON.stringify(attrs)} ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe(`/data/attributes/${field}`);
    }
  });

  it("names the existing applicant of a duplicate email, mobile or name and birthday; a knowing duplicate passes", async () => {
    const surname = uniqueSurname();
    const phone = uniquePhone();
    const first = await createApplicant(admin, {
      surname,
      name: "Olena",
      birthday: "1990-05-06",
      email: `${surname}@Example.com`,
      mobile_phone: phone,
    });
    const byEmail = await api()
      .post("/api/users")
      .set(admin)
      .send({
        data: {
          type: "users",
          attributes: {
            surname: uniqueSurname(),
            name: "A",
            email: ` ${surname.toLowerCase()}@example.COM `,
          },
        },
      });
    expect(byEmail.status).toBe(422);
    expect(byEmail.body.errors[0].code).toBe("duplicate");
    expect(byEmail.body.errors[0].source.pointer).toBe("/data/attributes/email");
    expect(byEmail.body.errors[0].title).toContain(`id ${first.id}`);
    expect(byEmail.body.errors[0].meta.duplicates[0].id).toBe(first.id);

    const digits = phone.replace(/\D/g, "");
    const byPhone = await api()
      .post("/api/users")
      .set(admin)
      .send({
        data: {
          type: "users",
          attributes: {
            surname: uniqueSurname(),
            name: "B",
            mobile_phone: `+${digits.slice(0, 5)} ${digits.slice(5)}`,
          },
        },
      });
    expect(byPhone.status).toBe(422);
    expect(byPhone.body.errors[0].source.pointer).toBe("/data/attributes/mobile_phone");

    const byName = await api()
      .post("/api/users")
      .set(admin)
      .send({
        data: {
          type: "users",
          attributes: { surname: surname.toUpperCase(), name: "olena", birthday: "1990-05-06" },
        },
      });
    expect(byName.status).toBe(422);
    expect(byName.body.errors[0].source.pointer).toBe("/data/attributes/surname");

    const sameNameOtherBirthday = await api()
      .post("/api/users")
      .set(admin)
      .send({ data: { type: "users", attributes: { surname, name: "Olena", birthday: "1991-05-06" } } });
    expect(sameNameOtherBirthday.status).toBe(201);

    const knowing = await api()
      .post("/api/users")
      .set(admin)
      .send({
        data: {
          type: "users",
          attributes: {
            surname: uniqueSurname(),
            name: "C",
            email: `${surname}@example.com`,
            knowing_duplicate: true,
          },
        },
      });
    expect(knowing.status).toBe(201);

    // An update that takes another applicant's email is a duplicate too.
    const other = await createApplicant(admin);
    const update = await api()
      .patch(`/api/users/${other.id}`)
      .set(admin)
      .send({ data: { type: "users", id: other.id, attributes: { email: `${surname}@example.com` } } });
    expect(update.status).toBe(422);
    expect(update.body.errors[0].code).toBe("duplicate");
  });

  it("keeps the gender (male, female or not known) and its changes in the versions", async () => {
    const created = await createApplicant(admin, { gender: "female" });
    expect(created.attributes.gender).toBe("female");
    const shown = await api().get(`/api/users/${created.id}`).set(admin);
    expect(shown.body.data.attributes.gender).toBe("female");
    const changed = await api()
      .patch(`/api/users/${created.id}`)
      .set(admin)
      .send({ data: { type: "users", id: created.id, attributes: { gender: "male" } } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes.gender).toBe("male");
    const cleared = await api()
      .patch(`/api/users/${created.id}`)
      .set(admin)
      .send({ data: { type: "users", id: created.id, attributes: { gender: null } } });
    expect(cleared.body.data.attributes.gender).toBeNull();
    const bad = await api()
      .patch(`/api/users/${created.id}`)
      .set(admin)
      .send({ data: { type: "users", id: created.id, attributes: { gender: "unknown" } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/gender");
    const versions = await api().get(`/api/users/${created.id}/versions`).set(admin);
    const changes = versions.body.data
      .filter((v: { attributes: { event: string } }) => v.attributes.event === "update")
      .map((v: { attributes: { changes: Record<string, unknown> } }) => v.attributes.changes.gender);
    expect(changes).toEqual(
      expect.arrayContaining([
        ["female", "male"],
        ["male", null],
      ]),
    );
  });

  it("archives with /delete's PATCH, removes with DELETE only when allowed, and keeps versions", async () => {
    const created = await createApplicant(admin, { mobile_phone: uniquePhone() });
    const archived = await api()
      .patch(`/api/users/${created.id}`)
      .set(admin)
      .send({ data: { type: "users", id: created.id, attributes: { archived: true, status: "approved" } } });
    expect(archived.status).toBe(200);
    expect(archived.body.data.attributes.archived).toBe(true);
    const versions = await api().get(`/api/users/${created.id}/versions`).set(admin);
    expect(versions.status).toBe(200);
    const update = versions.body.data.find(
      (v: { attributes: { event: string } }) => v.attributes.event === "update",
    );
    expect(update.attributes.changes).toMatchObject({ archived: [false, true], status: [null, "approved"] });
    expect(update.attributes.actor_id).toBe(adminAccount.id);
    expect(Object.keys(update.attributes.changes)).not.toContain("search_document");
    // Nobody's role map gives users.delete (spec 001 §6): removal is refused.
    expect((await api().delete(`/api/users/${created.id}`).set(admin)).status).toBe(403);
  });
});
