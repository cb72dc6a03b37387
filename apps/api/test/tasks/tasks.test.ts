import { describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createClient } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant } from "../planning/planning-support.js";
import { runJobOnce } from "../support/run-job.js";
import { taskRemindersHandler } from "../../src/resources/tasks/task-reminders-handler.js";

const db = () => testDeps().db;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const createTask = (
  headers: TAuthHeaders,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) =>
  api()
    .post("/api/tasks")
    .set(headers)
    .send({ data: { type: "tasks", attributes, relationships } });

const setStatus = (headers: TAuthHeaders, id: string, status: string) =>
  api()
    .post(`/api/tasks/${id}/update_status`)
    .set(headers)
    .send({ data: { type: "tasks", attributes: { status } } });

describe("tasks", () => {
  it("creates a task to_do by its author, notifies the assignee, refuses to finish it while a subtask is open", async () => {
    const { headers, client } = await signInAs("manager");
    const colleague = await createClient({ role: "manager" });
    const user = await createApplicant();
    const type = await db().taskType.findFirstOrThrow({ where: { title: "Visa" } });
    const made = await createTask(
      headers,
      { description: "Check the visa\nfor Schengen", deadline: day(3), item_type: "users", item_id: user.id },
      {
        assignee: { data: { type: "clients", id: String(colleague.id) } },
        task_type: { data: { type: "task_types", id: String(type.id) } },
      },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expectJsonApi(made.body);
    const task = made.body.data;
    expect(task.attributes.status).toBe("to_do");
    expect(task.attributes.title).toBe("Check the visa");
    expect(task.attributes.assignee_name).toBe(colleague.name);
    expect(task.attributes.author_name).toBe(client.name);
    expect(task.attributes.task_type_title).toBe("Visa");
    expect(task.attributes.item_title).toContain(user.surname);
    const notes = await db().notification.findMany({
      where: { itemLink: `/task-manager?task_id=${task.id}` },
    });
    expect(notes.map((n) => [n.recipientId, n.kind])).toEqual([[colleague.id, "task"]]);

    // Two subtasks, nested under the task.
    for (const d of ["Book the embassy", "Send the papers"]) {
      const sub = await api()
        .post(`/api/tasks/${task.id}/subtasks`)
        .set(headers)
        .send({ data: { type: "tasks", attributes: { description: d } } });
      expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    }
    const subs = await api().get(`/api/tasks/${task.id}/subtasks`).set(headers);
    expect(subs.status).toBe(200);
    expect(subs.body.data).toHaveLength(2);
    const top = await api().get("/api/tasks").query({ "filter[top_level]": "true" }).set(headers);
    expect(top.body.data.map((t: { id: string }) => t.id)).toContain(task.id);
    expect(top.body.data.map((t: { id: string }) => t.id)).not.toContain(subs.body.data[0].id);
    const shown = await api().get(`/api/tasks/${task.id}`).set(headers);
    expect(shown.body.data.attributes.open_subtask_count).toBe(2);

    const refused = await setStatus(headers, task.id, "done");
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].title).toBe("Status update failed");
    expect(refused.body.errors[0].detail).toBe("Check all conditions to finish task");
    expect((await db().task.findUniqueOrThrow({ where: { id: Number(task.id) } })).status).toBe("to_do");

    for (const s of subs.body.data) expect((await setStatus(headers, s.id, "done")).status).toBe(200);
    const done = await setStatus(headers, task.id, "done");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.attributes.status).toBe("done");
    expect(done.body.meta.message).toBe("Task status updated successfully");
    // The watcher (the assignee) heard of it; the actor did not.
    const after = await db().notification.findMany({
      where: { itemLink: `/task-manager?task_id=${task.id}`, recipientId: colleague.id },
    });
    expect(after.some((n) => n.primaryText.includes("finished"))).toBe(true);
  });

  it("refuses bad input with a 4xx and writes nothing", async () => {
    const { headers } = await signInAs("manager");
    const before = await db().task.count();
    const bad = async (
      attributes: Record<string, unknown>,
      pointer: string,
      rel: Record<string, unknown> = {},
    ) => {
      const res = await createTask(headers, { description: "x", ...attributes }, rel);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe(pointer);
    };
    await bad({ deadline: "1900-01-01" }, "/data/attributes/deadline");
    await bad({ deadline: "2026-02-30" }, "/data/attributes/deadline");
    await bad({ description: "  " }, "/data/attributes/description");
    await bad({ item_type: "users" }, "/data/attributes/item_id");
    await bad({ item_type: "users", item_id: 2_000_000_000 }, "/data/attributes/item_id");
    await bad({ item_type: "vacancy_applies", item_id: 2_000_000_000 }, "/data/attributes/item_id");
    await bad({ item_type: "planets", item_id: 1 }, "/data/attributes/item_type");
    expect(await db().task.count()).toBe(before);

    // A task cannot be its own parent, nor its subtask's subtask.
    const a = await createTask(headers, { description: "A" });
    const b = await createTask(
      headers,
      { description: "B" },
      { addressable_task: { data: { type: "tasks", id: a.body.data.id } } },
    );
    expect(b.status).toBe(201);
    const self = await api()
      .patch(`/api/tasks/${a.body.data.id}`)
      .set(headers)
      .send({
        data: {
          type: "tasks",
          id: a.body.data.id,
          relationships: { addressable_task: { data: { type: "tasks", id: a.body.data.id } } },
        },
      });
    expect(self.status).toBe(422);
    expect(self.body.errors[0].source.pointer).toBe("/data/relationships/addressable_task");
    const cycle = await api()
      .patch(`/api/tasks/${a.body.data.id}`)
      .set(headers)
      .send({
        data: {
          type: "tasks",
          id: a.body.data.id,
          relationships: { addressable_task: { data: { type: "tasks", id: b.body.data.id } } },
        },
      });
    expect(cycle.status).toBe(422);
    const viaRelationship = await api()
      .patch(`/api/tasks/${a.body.data.id}/relationships/addressable_task`)
      .set(headers)
      .send({ data: { type: "tasks", id: b.body.data.id } });
    expect(viaRelationship.status).toBe(422);
    expect(
      (await db().task.findUniqueOrThrow({ where: { id: Number(a.body.data.id) } })).addressableTaskId,
    ).toBeNull();
    const badStatus = await setStatus(headers, a.body.data.id, "finished");
    expect(badStatus.status).toBe(422);
  });

  it("lists with filters, words joined by AND, oldest comments first, and watchers hear of comments", async () => {
    const { headers } = await signInAs("manager");
    const colleague = await createClient({ role: "manager" });
    const mentioned = await createClient({ role: "admin" });
    const t = await createTask(
      headers,
      { description: "Book hotel Rotterdam zebra", deadline: day(-2) },
      { assignee: { data: { type: "clients", id: String(colleague.id) } } },
    );
    await createTask(headers, { description: "Book ticket zebra" });
    const search = await api().get("/api/tasks").query({ search: "  zebra   hotel " }).set(headers);
    expect(search.body.data.map((x: { id: string }) => x.id)).toEqual([t.body.data.id]);
    const mine = await api().get("/api/tasks").query({ "filter[assignee_id]": colleague.id }).set(headers);
    expect(mine.body.data.map((x: { id: string }) => x.id)).toEqual([t.body.data.id]);
    const overdue = await api()
      .get("/api/tasks")
      .query({ "filter[overdue]": "true", search: "zebra" })
      .set(headers);
    expect(overdue.body.data.map((x: { id: string }) => x.id)).toEqual([t.body.data.id]);
    expect(overdue.body.data[0].attributes.overdue).toBe(true);

    const post = (body: string) =>
      api()
        .post("/api/comments")
        .set(headers)
        .send({
          data: {
            type: "comments",
            attributes: { body, addressable_type: "tasks", addressable_id: t.body.data.id },
          },
        });
    expect((await post("first")).status).toBe(201);
    expect(
      (await post(`second <span data-type="mention" data-id="${mentioned.id}" data-label="M">@M</span>`))
        .status,
    ).toBe(201);
    const list = await api()
      .get(`/api/tasks/${t.body.data.id}/comments`)
      .query({ sort: "created_at" })
      .set(headers);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { attributes: { body: string } }) => c.attributes.body)[0]).toContain(
      "first",
    );
    const notes = await db().notification.findMany({
      where: { itemLink: { startsWith: `/task-manager?task_id=${t.body.data.id}&comment=` } },
    });
    expect(new Set(notes.map((n) => n.recipientId))).toEqual(new Set([colleague.id, mentioned.id]));
    expect(
      await db().taskWatcher.count({ where: { taskId: Number(t.body.data.id), clientId: mentioned.id } }),
    ).toBe(1);
  });

  it("tasks_for_interaction lists the tasks about the applicant of an interaction", async () => {
    const { headers } = await signInAs("manager");
    const user = await createApplicant();
    const t = await createTask(headers, { description: "Call back", item_type: "users", item_id: user.id });
    const c = await api()
      .post("/api/comments")
      .set(headers)
      .send({
        data: {
          type: "comments",
          attributes: { body: "called", addressable_type: "users", addressable_id: user.id },
        },
      });
    const res = await api()
      .get("/api/tasks/tasks_for_interaction")
      .query({ interaction_id: c.body.data.id })
      .set(headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([t.body.data.id]);
  });

  it("reminds a day before the deadline and once when overdue, never twice", async () => {
    const { headers } = await signInAs("manager");
    const assignee = await createClient({ role: "manager" });
    const rel = { assignee: { data: { type: "clients", id: String(assignee.id) } } };
    const soon = await createTask(headers, { description: "Due tomorrow", deadline: day(1) }, rel);
    const late = await createTask(headers, { description: "Late one", deadline: day(-1) }, rel);
    const notes = (id: string) =>
      db().notification.findMany({ where: { itemLink: `/task-manager?task_id=${id}`, authorId: null } });
    await runJobOnce(taskRemindersHandler, {});
    await runJobOnce(taskRemindersHandler, {});
    expect((await notes(soon.body.data.id)).map((n) => [n.recipientId, n.primaryText])).toEqual([
      [assignee.id, "A task is due tomorrow"],
    ]);
    expect((await notes(late.body.data.id)).map((n) => n.primaryText)).toEqual([
      "A task is overdue",
      "A task is overdue",
    ]);
    // A new deadline is reminded of again.
    await api()
      .patch(`/api/tasks/${soon.body.data.id}`)
      .set(headers)
      .send({ data: { type: "tasks", id: soon.body.data.id, attributes: { deadline: day(-1) } } });
    await runJobOnce(taskRemindersHandler, {});
    expect((await notes(soon.body.data.id)).map((n) => n.primaryText)).toContain("A task is overdue");
  });
});
