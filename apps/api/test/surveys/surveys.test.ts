import { describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api } from "../planning/planning-support.js";

const db = () => testDeps().db;

const definition = {
  title: "Sign-off debrief",
  questions: [
    { id: "q1", kind: "rating", title: "How was the food?", required: true, scale: 5 },
    { id: "q2", kind: "single", title: "Would you sail with us again?", options: ["Yes", "Maybe", "No"] },
    { id: "q3", kind: "text", title: "Anything else?", multiline: true },
  ],
};

const create = (headers: TAuthHeaders, attributes: Record<string, unknown>) =>
  api()
    .post("/api/survey_schemas")
    .set(headers)
    .send({ data: { type: "survey_schemas", attributes } });

describe("survey schemas", () => {
  it("creates, lists by title, updates and deletes a survey; the author is the signed-in admin", async () => {
    const { headers, client } = await signInAs("admin");
    const made = await create(headers, { title: "Debrief", definition });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expectJsonApi(made.body);
    expect(made.body.data.attributes.question_count).toBe(3);
    expect(made.body.data.attributes.author_name).toBe(client.name);
    // Defaults are filled in: a question without `required` is not required.
    expect(made.body.data.attributes.definition.questions[1].required).toBe(false);
    const list = await api().get("/api/survey_schemas").query({ "filter[title]": "Debr" }).set(headers);
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain(made.body.data.id);
    const id = made.body.data.id;
    const changed = await api()
      .patch(`/api/survey_schemas/${id}`)
      .set(headers)
      .send({
        data: {
          type: "survey_schemas",
          id,
          attributes: { definition: { ...definition, questions: definition.questions.slice(0, 2) } },
        },
      });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes.question_count).toBe(2);
    expect((await api().delete(`/api/survey_schemas/${id}`).set(headers)).status).toBe(204);
  });

  it("refuses a broken definition with a 422 naming the path, a huge one cleanly, and writes nothing", async () => {
    const { headers } = await signInAs("admin");
    const before = await db().surveySchema.count();
    const bad = async (def: unknown, pointer: string) => {
      const res = await create(headers, { title: "Broken", definition: def });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(
        pointer,
      );
    };
    const q = definition.questions;
    await bad(
      { ...definition, questions: [q[0], { id: "q2", kind: "single", title: "Pick", options: ["only"] }] },
      "/data/attributes/definition/questions/1/options",
    );
    await bad(
      { ...definition, questions: [{ id: "q1", kind: "essay", title: "?" }] },
      "/data/attributes/definition/questions/0/kind",
    );
    await bad(
      { ...definition, questions: [q[0], { ...q[2], id: "q1" }] },
      "/data/attributes/definition/questions/1/id",
    );
    await bad({ ...definition, title: "" }, "/data/attributes/definition/title");
    await bad({ ...definition, questions: [] }, "/data/attributes/definition/questions");
    await bad(
      { ...definition, questions: [{ ...q[0], scale: 50 }] },
      "/data/attributes/definition/questions/0/scale",
    );
    // 10,000 questions: refused by count (the body is under the request limit).
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `q${i}`, kind: "yes_no", title: "Ok?" }));
    await bad({ title: "Many", questions: many }, "/data/attributes/definition/questions");
    // 5 MB: refused before it is read (the request limit), as JSON:API.
    const huge = await create(headers, {
      title: "Huge",
      definition: { title: "x".repeat(5 * 1024 * 1024), questions: [] },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].status).toBe("413");
    const noDefinition = await create(headers, { title: "None" });
    expect(noDefinition.status).toBe(422);
    expect(await db().surveySchema.count()).toBe(before);
  });

  it("is the admin's: a manager may not read surveys", async () => {
    const { headers } = await signInAs("manager");
    expect((await api().get("/api/survey_schemas").set(headers)).status).toBe(403);
  });
});
