import { describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createClient, createScaleRow } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { samplePdf } from "../support/sample-files.js";
import { api, createApplicant, newPlan } from "../planning/planning-support.js";

const db = () => testDeps().db;

const comment = (headers: TAuthHeaders, attributes: Record<string, unknown>) =>
  api()
    .post("/api/comments")
    .set(headers)
    .send({ data: { type: "comments", attributes } });

const interaction = (headers: TAuthHeaders, body: Record<string, unknown>) =>
  api().post("/api/comments/interaction").set(headers).send(body);

const mention = (id: number, name = "Anna") =>
  `<span data-type="mention" data-id="${id}" data-label="${name}">@${name}</span>`;

describe("comments", () => {
  it("keeps a sanitised body, lists an applicant's comments newest first with their author, and notifies who is mentioned", async () => {
    const { headers, client } = await signInAs("manager");
    const colleague = await createClient({ role: "guest" });
    const user = await createApplicant();
    const first = await comment(headers, {
      body: `<p onclick="x()">Called <script>alert(1)</script><b>twice</b> <img src=x onerror=alert(1)> ${mention(colleague.id)}</p>`,
      addressable_type: "users",
      addressable_id: user.id,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expectJsonApi(first.body);
    expect(first.body.meta.message).toBe("The comment created successfully");
    const body = String(first.body.data.attributes.body);
    expect(body).not.toMatch(/script|onclick|onerror|<img/);
    expect(body).toContain("<b>twice</b>");
    expect(first.body.data.attributes.mention_ids).toEqual([colleague.id]);
    expect(first.body.data.attributes.author_name).toBe(client.name);

    await comment(headers, { body: "Second", addressable_type: "users", addressable_id: user.id });
    const list = await api()
      .get(`/api/users/${user.id}/comments`)
      .query({ include: "author", "page[size]": 999 })
      .set(headers);
    expect(list.status).toBe(200);
    expectJsonApi(list.body);
    expect(list.body.data.map((c: { attributes: { body: string } }) => c.attributes.body)[0]).toBe("Second");
    expect(list.body.meta.count).toBe(2);
    // Authors come as attributes for everyone, and as included clients for those who read crew users.
    expect(list.body.data[1].attributes.author_name).toBe(client.name);
    const admin = await signInAs("admin");
    const withAuthor = await api()
      .get(`/api/users/${user.id}/comments`)
      .query({ include: "author" })
      .set(admin.headers);
    expect(withAuthor.body.included.map((i: { id: string }) => i.id)).toEqual([String(client.id)]);

    const notes = await db().notification.findMany({ where: { itemLink: `/users/${user.id}/comments` } });
    expect(notes.map((n) => n.recipientId)).toEqual([colleague.id]);
    expect(notes[0]?.primaryText).toContain("mentioned you");
    expect(notes[0]?.authorId).toBe(client.id);
  });

  it("refuses bad input with 422s and 404s and writes nothing", async () => {
    const { headers } = await signInAs("manager");
    const user = await createApplicant();
    const bad = async (attributes: Record<string, unknown>, status: number, pointer?: string) => {
      const res = await comment(headers, {
        addressable_type: "users",
        addressable_id: user.id,
        ...attributes,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (pointer) expect(res.body.errors[0].source.pointer).toBe(pointer);
    };
    await bad({ body: "" }, 422, "/data/attributes/body");
    await bad({ body: "<script>x</script>" }, 422, "/data/attributes/body");
    await bad({ body: `hi ${mention(2_000_000_000)}` }, 422, "/data/attributes/body");
    await bad({ body: "x".repeat(30_000) }, 422, "/data/attributes/body");
    await bad({ body: "ok", category: "nonsense" }, 422, "/data/attributes/category");
    await bad({ body: "ok", addressable_id: 2_000_000_000 }, 404);
    await bad({ body: "ok", addressable_type: "planets" }, 422);
    // Tasks are commentable now (issue 18): a task that does not exist is a 404 like any record.
    await bad({ body: "ok", addressable_type: "tasks", addressable_id: 2_000_000_000 }, 404);
    const huge = await comment(headers, {
      body: "x".repeat(1_100_000),
      addressable_type: "users",
      addressable_id: user.id,
    });
    expect([413, 422]).toContain(huge.status);
    expect(await db().comment.count({ where: { userId: user.id } })).toBe(0);
  });

  it("writes an interaction with its event and the applicant's changes in one transaction, and derives the contact flags", async () => {
    const { headers } = await signInAs("manager");
    const user = await createApplicant();
    const status = await db().crewingStatus.create({ data: { title: `Status ${user.id}` } });

    const noAnswer = await interaction(headers, {
      user_id: user.id,
      category: "call",
      event_result: "No answer",
      comment_source_id: (await db().commentSource.findFirstOrThrow({ where: { title: "Phone" } })).id,
      readiness_date: "2027-03-01",
      crewing_status_id: status.id,
      hot: true,
      wage: 4200,
    });
    expect(noAnswer.status, JSON.stringify(noAnswer.body)).toBe(201);
    expect(noAnswer.body.meta.message).toBe("Interaction successfull.");
    expect(noAnswer.body.data.attributes).toMatchObject({
      category: "call",
      event_result: "No answer",
      event: { event_type: "call", event_result: "No answer", comment_source: "Phone" },
    });
    let row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({
      hot: true,
      wage: 4200,
      crewingStatusId: status.id,
      noCallAnswer: true,
      needReaction: false,
    });
    expect(row.readinessDate?.toISOString().slice(0, 10)).toBe("2027-03-01");
    expect(row.lastContact).not.toBeNull();

    // A failing part leaves nothing half-written.
    const before = await db().comment.count({ where: { userId: user.id } });
    const failed = await interaction(headers, {
      user_id: user.id,
      category: "call",
      crewing_status_id: 2_000_000_000,
      wage: 1,
    });
    expect(failed.status).toBe(422);
    expect(failed.body.errors[0].source.pointer).toBe("/data/attributes/crewing_status_id");
    expect(await db().comment.count({ where: { userId: user.id } })).toBe(before);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).wage).toBe(4200);
    const wrongResult = await interaction(headers, {
      user_id: user.id,
      category: "call",
      event_result: "Accepted",
    });
    expect(wrongResult.status).toBe(422);

    await interaction(headers, {
      user_id: user.id,
      category: "inbound",
      body: "He wrote on Telegram",
      event_result: "Question",
    });
    row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ needReaction: true, noCallAnswer: true });

    const answered = await interaction(headers, {
      user_id: user.id,
      category: "call",
      event_result: "Answered",
    });
    expect(answered.body.meta.message).toBe("The comment created successfully");
    row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ needReaction: false, noCallAnswer: false });

    // Deleting the newest contact goes back to what the one before says.
    const del = await api().delete(`/api/comments/${answered.body.data.id}`).set(headers);
    expect(del.status).toBe(200);
    expect(del.body.meta.message).toBe("The comment deleted successfully");
    row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ needReaction: true });
  });

  it("adds an event to a comment in a second call (POST comment_events), once, by its author", async () => {
    const { headers } = await signInAs("manager");
    const other = await signInAs("manager");
    const user = await createApplicant();
    const plain = await comment(headers, {
      body: "Called him",
      addressable_type: "users",
      addressable_id: user.id,
    });
    const id = Number(plain.body.data.id);
    const event = (h: TAuthHeaders, attrs: Record<string, unknown>) =>
      api()
        .post("/api/comment_events")
        .set(h)
        .send({ comment_id: id, event_type: "call", ...attrs });
    expect((await event(other.headers, { event_result: "No answer" })).status).toBe(403);
    expect((await event(headers, { event_result: "Accepted" })).status).toBe(422);
    const ok = await event(headers, { event_result: "No answer" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.attributes).toMatchObject({ category: "call", event_result: "No answer" });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).noCallAnswer).toBe(true);
    expect((await event(headers, { event_result: "Answered" })).status).toBe(422);
  });

  it("takes an interaction's file in the same multipart request", async () => {
    const { headers } = await signInAs("manager");
    const user = await createApplicant();
    const res = await api()
      .post("/api/comments/interaction")
      .set(headers)
      .field("user_id", String(user.id))
      .field("category", "offer")
      .field("event_result", "Thinking")
      .field("body", "Offer sent, contract attached")
      .field("hot", "true")
      .attach("file", samplePdf(), "offer.pdf");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.attributes.attachment).toMatchObject({
      filename: "offer.pdf",
      content_type: "application/pdf",
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).hot).toBe(true);
  });

  it("sets a plan's last comment and notifies the vessel's coordinator", async () => {
    const { headers } = await signInAs("admin");
    const coordinator = await createClient({ role: "manager" });
    const row = await createScaleRow();
    await db().vessel.update({ where: { id: row.vesselId ?? 0 }, data: { coordinatorId: coordinator.id } });
    const planId = await newPlan(headers, row.id, "2031-01-01", "2031-03-01");
    const res = await comment(headers, {
      body: "<p>Owner asks for a <b>Ukrainian</b> master</p>",
      addressable_type: "time_plans",
      addressable_id: planId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const plan = await db().timePlan.findUniqueOrThrow({ where: { id: planId } });
    expect(plan.lastCommentBody).toBe("Owner asks for a Ukrainian master");
    const nested = await api().get(`/api/time_plans/${planId}/comments`).set(headers);
    expect(nested.body.data).toHaveLength(1);
    const notes = await db().notification.findMany({ where: { recipientId: coordinator.id } });
    expect(notes).toHaveLength(1);
    expect(notes[0]?.itemLink).toContain(`/timeplans?plan=${planId}`);
  });

  it("lets the author edit for 15 minutes, keeps both texts in versions, and guards delete", async () => {
    const author = await signInAs("freelance");
    const other = await signInAs("freelance");
    const admin = await signInAs("admin");
    const user = await createApplicant();
    const res = await comment(author.headers, {
      body: "First text",
      addressable_type: "users",
      addressable_id: user.id,
    });
    const id = String(res.body.data.id);
    expect(res.body.data.attributes.editable).toBe(true);
    const edit = (headers: TAuthHeaders, body: string) =>
      api()
        .patch(`/api/comments/${id}`)
        .set(headers)
        .send({ data: { type: "comments", id, attributes: { body } } });
    expect((await edit(other.headers, "Hijacked")).status).toBe(403);
    const ok = await edit(author.headers, "Second text");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.attributes.body).toBe("Second text");
    const versions = await api().get(`/api/comments/${id}/versions`).set(admin.headers);
    expect(JSON.stringify(versions.body)).toContain("First text");
    expect(JSON.stringify(versions.body)).toContain("Second text");
    await db().comment.update({
      where: { id: Number(id) },
      data: { createdAt: new Date(Date.now() - 16 * 60_000) },
    });
    expect((await edit(author.headers, "Too late")).status).toBe(403);

    expect((await api().delete(`/api/comments/${id}`).set(other.headers)).status).toBe(403);
    expect((await api().delete(`/api/comments/${id}`).set(author.headers)).status).toBe(200);
    const again = await comment(author.headers, {
      body: "x",
      addressable_type: "users",
      addressable_id: user.id,
    });
    expect((await api().delete(`/api/comments/${again.body.data.id}`).set(admin.headers)).status).toBe(200);
  });

  it("hides a comment type a position may not read on every path, and partners read no comments", async () => {
    const admin = await signInAs("admin");
    const manager = await signInAs("manager");
    const user = await createApplicant();
    const offer = await interaction(admin.headers, {
      user_id: user.id,
      category: "offer",
      event_result: "Accepted",
      body: "Offer 9000",
    });
    await interaction(admin.headers, { user_id: user.id, category: "call", event_result: "Answered" });
    const change = (allowed: boolean) =>
      api()
        .post("/api/users_position_comment_types/change_permission")
        .set(admin.headers)
        .send({ positionId: "manager", type: "offer", commentAction: "read", allowed });
    const changed = await change(false);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    try {
      const list = await api().get(`/api/users/${user.id}/comments`).set(manager.headers);
      expect(list.body.meta.count).toBe(1);
      expect(list.body.data.map((c: { attributes: { category: string } }) => c.attributes.category)).toEqual([
        "call",
      ]);
      expect((await api().get(`/api/comments/${offer.body.data.id}`).set(manager.headers)).status).toBe(404);
      expect(
        (await api().get(`/api/comments/${offer.body.data.id}/versions`).set(manager.headers)).status,
      ).toBe(404);
      const filtered = await api()
        .get("/api/comments")
        .query({ "filter[category]": "offer" })
        .set(manager.headers);
      expect(filtered.body.meta.count).toBe(0);
      const allowed = await api().get("/api/users_position_comment_types/allowed_types").set(manager.headers);
      expect(allowed.body.read).not.toContain("offer");
      expect(allowed.body.read).toContain("call");
    } finally {
      await change(true);
    }
    const options = await api().get("/api/comments/interaction_options").set(manager.headers);
    expect(options.status).toBe(200);
    const call = options.body.types.find((t: { code: string }) => t.code === "call");
    expect(call).toMatchObject({ can_create: true, direction: "outbound" });
    expect(call.results.map((r: { title: string }) => r.title)).toContain("No answer");
    expect(options.body.sources.map((s: { title: string }) => s.title)).toContain("Telegram");
    // The @-picker: a manager (who may not read crew users) gets every active colleague's id and name.
    expect((await api().get("/api/clients").set(manager.headers)).status).toBe(403);
    const candidates = await api().get("/api/comments/mention_candidates").set(manager.headers);
    expect(candidates.status).toBe(200);
    expect(candidates.body.data.length).toBeGreaterThan(1);
    expect(Object.keys(candidates.body.data[0]).sort()).toEqual(["id", "name"]);
    const partner = await signInAs("partner");
    expect((await api().get("/api/comments").set(partner.headers)).status).toBe(403);
    expect((await api().get("/api/comments/mention_candidates").set(partner.headers)).status).toBe(403);
    const matrix = await api().get("/api/users_position_comment_types/permissions").set(admin.headers);
    expect(matrix.body.data.length).toBeGreaterThanOrEqual(42);
    expect(
      (await api().get("/api/users_position_comment_types/permissions").set(manager.headers)).status,
    ).toBe(403);
  });
});
