import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import request from "supertest";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { APP_FORM_TOKEN_LIMIT } from "../../src/resources/app-form-links/public-app-form-router.js";
import { signInAs } from "../support/auth.js";
import { testConfig, testDeps } from "../support/deps.js";
import { samplePdf, samplePng, sampleExe } from "../support/sample-files.js";
import { createApplicant } from "../planning/planning-support.js";
import { purgeAppFormFilesHandler } from "../../src/resources/app-form-links/purge-app-form-files-handler.js";
import { runJobOnce } from "../support/run-job.js";

/**
 * The public application form's drafts, sea service rows and uploads (issue 19 §3): a draft is
 * saved many times and never reaches the applicant; the one submission becomes the version with
 * its sea service, the scans and photo kept on the link for staff; files are checked by content
 * and size like every upload; one link hammered 10,000 times is throttled and writes nothing.
 */
let app: Express;
const api = () => request(app);
const db = () => testDeps().db;
const tokenOf = (url: string) => url.split("/application-form/")[1] ?? "";

beforeAll(() => {
  app = createApp({ ...testDeps(), redis: null });
});

const newLink = async (target: Express = app) => {
  const { headers } = await signInAs("manager", target);
  const user = await createApplicant({ surname: "Bondar", name: "Ivan", birthday: "1990-02-03" });
  const res = await request(target).post(`/api/users/${user.id}/app_form_links`).set(headers).send({});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { headers, user, linkId: Number(res.body.data.id), token: tokenOf(res.body.meta.url as string) };
};

/** A multipart post of the form, as the browser sends it. */
const postForm = (
  token: string,
  fields: Record<string, string | string[]>,
  files: { field: string; buffer: Buffer; name: string }[] = [],
  target: Express = app,
) => {
  let req = request(target).post(`/application-form/${token}`);
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v]) req = req.field(k, one);
  for (const f of files) req = req.attach(f.field, f.buffer, f.name);
  return req;
};

const versionsOf = (userId: number) => db().externalObjectVersion.count({ where: { itemId: userId } });
const filesOf = (linkId: number) =>
  db().storedFile.findMany({
    where: { recordType: "app_form_links", recordId: linkId },
    orderBy: { id: "asc" },
  });

describe("application form: drafts, sea service, uploads", () => {
  it("saves drafts many times (never the applicant's), adds sea service rows, sends once with scans", async () => {
    const { headers, user, linkId, token } = await newLink();
    const first = await postForm(
      token,
      {
        action: "draft",
        surname: "Bondar",
        name: "Ivan",
        mobile_phone: "+380 63 123 45 67",
        sea_rows: "2",
        sea_0_vessel: "Maersk Kent",
        sea_0_rank: "AB",
      },
      [{ field: "documents", buffer: samplePdf(), name: "passport.pdf" }],
    );
    expect(first.status, first.text).toBe(200);
    expect(first.text).toContain("Draft saved");
    expect(first.text).toContain("passport.pdf");
    expect(first.text).not.toContain("<script");
    // The draft reopens with the same link; the applicant is untouched, no version.
    const reopened = await api().get(`/application-form/${token}`);
    expect(reopened.status).toBe(200);
    expect(reopened.text).toContain('value="+380 63 123 45 67"');
    expect(reopened.text).toContain('value="Maersk Kent"');
    expect(reopened.text).toContain("passport.pdf");
    expect(reopened.text).toMatch(/Draft saved \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).mobilePhone).toBeNull();
    expect(await versionsOf(user.id)).toBe(0);

    // "Add another row" saves the draft and shows one more row.
    const rows = (html: string) => (html.match(/aria-label="Sea service row \d+"/g) ?? []).length;
    const before = rows(reopened.text);
    const added = await postForm(token, {
      action: "add_row",
      surname: "Bondar",
      name: "Ivan",
      mobile_phone: "+380 63 123 45 67",
      sea_rows: String(before),
      sea_0_vessel: "Maersk Kent",
      sea_0_rank: "AB",
      sea_1_vessel: "Nordic Star",
    });
    expect(added.status, added.text).toBe(200);
    expect(rows(added.text)).toBe(before + 1);
    expect(rows((await api().get(`/application-form/${token}`)).text)).toBe(before + 1);

    // A photo and a second scan; a send with a bad sea service date keeps the draft and files (422 by field).
    const [pdf] = await filesOf(linkId);
    const refused = await postForm(
      token,
      {
        action: "send",
        surname: "Bondar",
        name: "Ivan",
        mobile_phone: "+380 63 123 45 67",
        sea_rows: "3",
        sea_0_vessel: "Maersk Kent",
        sea_0_rank: "AB",
        sea_0_date_on: "2024-03-01",
        sea_0_date_off: "2023-01-01",
        sea_1_vessel: "Nordic Star",
      },
      [
        { field: "documents", buffer: samplePng(), name: "seamans-book.png" },
        { field: "photo", buffer: samplePng(), name: "me.png" },
      ],
    );
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(/id="e-sea_0_date_off"[^>]*>Can.*t be before the sign-on date/);
    expect(refused.text).toContain("Your draft and files were saved.");
    expect((await filesOf(linkId)).map((f) => [f.name, f.filename])).toEqual([
      ["documents", "passport.pdf"],
      ["documents", "seamans-book.png"],
      ["photo", "me.png"],
    ]);
    expect(await versionsOf(user.id)).toBe(0);

    // Sent: the second scan removed, the dates right.
    const scan = (await filesOf(linkId)).find((f) => f.filename === "seamans-book.png");
    const sent = await postForm(token, {
      action: "send",
      surname: "Bondar",
      name: "Ivan",
      mobile_phone: "+380 63 123 45 67",
      sea_rows: "3",
      sea_0_vessel: "Maersk Kent",
      sea_0_rank: "AB",
      sea_0_date_on: "2023-01-01",
      sea_0_date_off: "2023-09-30",
      sea_1_vessel: "Nordic Star",
      remove_file: String(scan?.id),
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).toContain("Thank you");
    // Once only: neither a draft nor a send nor the page any more.
    expect((await postForm(token, { action: "draft", surname: "X", name: "Y" })).status).toBe(410);
    expect((await api().get(`/application-form/${token}`)).status).toBe(410);

    const link = await db().appFormLink.findUniqueOrThrow({ where: { id: linkId } });
    expect(link.draft).toBeNull();
    const version = await db().externalObjectVersion.findFirstOrThrow({ where: { itemId: user.id } });
    expect(version.status).toBe("pending");
    expect(version.seaService).toEqual([
      { vessel: "Maersk Kent", rank: "AB", company: null, date_on: "2023-01-01", date_off: "2023-09-30" },
      { vessel: "Nordic Star", rank: null, company: null, date_on: null, date_off: null },
    ]);
    expect((await filesOf(linkId)).map((f) => f.filename)).toEqual(["passport.pdf", "me.png"]);
    expect(pdf?.contentType).toBe("application/pdf");

    // Staff read the scans on the link and fetch them; nobody else does.
    const shown = await api().get(`/api/app_form_links/${linkId}`).set(headers);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.documents.map((f: { filename: string }) => f.filename)).toEqual([
      "passport.pdf",
    ]);
    expect(shown.body.data.attributes.photo.filename).toBe("me.png");
    const file = await api()
      .get(shown.body.data.attributes.documents[0].url as string)
      .set(headers);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect((await api().get(shown.body.data.attributes.documents[0].url as string)).status).toBe(401);

    // Staff take the scan and the photo into the applicant's record; another link's file is refused.
    const docId = Number(shown.body.data.attributes.documents[0].id);
    const photoId = Number(shown.body.data.attributes.photo.id);
    const wrong = await api()
      .post(`/api/app_form_links/${linkId}/take_files`)
      .set(headers)
      .send({ file_ids: [docId, 999_999_999] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].source.pointer).toBe("/data/attributes/file_ids");
    const taken = await api()
      .post(`/api/app_form_links/${linkId}/take_files`)
      .set(headers)
      .send({ file_ids: [docId, photoId] });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.meta.message).toBe("The files were added to the seafarer's record");
    expect(taken.body.data.attributes.documents).toEqual([]);
    const attachments = await api().get(`/api/users/${user.id}/attachments`).set(headers);
    expect(attachments.body.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual([
      "passport.pdf",
    ]);
    expect(attachments.body.data[0].attributes.document.filename).toBe("passport.pdf");
    const applicantNow = await api().get(`/api/users/${user.id}`).set(headers);
    expect(applicantNow.body.data.attributes.avatar.filename).toBe("me.png");
    expect(
      (
        await api()
          .get(attachments.body.data[0].attributes.document.url as string)
          .set(headers)
      ).status,
    ).toBe(200);
  });

  it("refuses a mistyped or huge upload on its field and keeps nothing; removes only the link's own files", async () => {
    const { linkId, token, user } = await newLink();
    const typed = { action: "draft", surname: "Bondar", name: "Ivan", mobile_phone: "+380 99 000 11 22" };
    // An executable named like a PDF: refused by its content, on the scans field.
    const exe = await postForm(token, typed, [
      { field: "documents", buffer: sampleExe(), name: "passport.pdf" },
    ]);
    expect(exe.status).toBe(422);
    expect(exe.text).toMatch(/id="e-documents"[^>]*>passport\.pdf is not an allowed file type/);
    expect(exe.text).toContain('value="+380 99 000 11 22"');
    // A PDF is no photo.
    const photo = await postForm(token, typed, [{ field: "photo", buffer: samplePdf(), name: "me.jpg" }]);
    expect(photo.status).toBe(422);
    expect(photo.text).toMatch(/id="e-photo"[^>]*>me\.jpg is not/);
    // An unknown file field.
    const other = await postForm(token, typed, [{ field: "avatar", buffer: samplePng(), name: "a.png" }]);
    expect(other.status).toBe(400);
    expect(await filesOf(linkId)).toEqual([]);
    expect((await db().appFormLink.findUniqueOrThrow({ where: { id: linkId } })).draft).toBeNull();

    // Too large for the upload limit: 413 on the field, nothing kept.
    const small = createApp({ ...testDeps(), config: testConfig({ UPLOAD_MAX_BYTES: "2048" }), redis: null });
    const big = Buffer.concat([samplePng(), Buffer.alloc(4096)]);
    const huge = await postForm(token, typed, [{ field: "documents", buffer: big, name: "scan.png" }], small);
    expect(huge.status).toBe(413);
    expect(huge.text).toMatch(/id="e-documents"[^>]*>This file is too large/);
    expect(await filesOf(linkId)).toEqual([]);

    // Text over the cap in a multipart form: the page again, the longest answer marked, nothing kept.
    const wordy = await postForm(token, { ...typed, surname: "x".repeat(10_000), name: "y".repeat(7_000) });
    expect(wordy.status).toBe(413);
    expect(wordy.headers["content-type"]).toMatch(/text\/html/);
    expect(wordy.text).toMatch(/id="e-surname"[^>]*>This text is too long/);
    expect(wordy.text).toContain("The form&#39;s text is too long, so nothing was saved");
    expect(wordy.text).toContain('value="+380 99 000 11 22"');
    // One answer over a part's own cap: the same page, that answer marked.
    const longest = await postForm(token, { ...typed, name: "y".repeat(20_000) });
    expect(longest.status).toBe(413);
    expect(longest.text).toMatch(/id="e-name"[^>]*>This text is too long/);
    expect((await db().appFormLink.findUniqueOrThrow({ where: { id: linkId } })).draft).toBeNull();

    // Another record's file id removes nothing.
    const { headers } = await signInAs("manager", app);
    const comment = await db().storedFile.create({
      data: {
        key: `test/${linkId}-other`,
        filename: "other.pdf",
        contentType: "application/pdf",
        byteSize: 1,
        checksum: "x",
        recordType: "users",
        recordId: user.id,
        name: "file",
      },
    });
    const ok = await postForm(token, { ...typed, remove_file: String(comment.id) });
    expect(ok.status).toBe(200);
    expect(await db().storedFile.count({ where: { id: comment.id } })).toBe(1);
    // A draft's files are the seafarer's: staff cannot take them before the form is sent.
    const early = await api()
      .post(`/api/app_form_links/${linkId}/take_files`)
      .set(headers)
      .send({ file_ids: [comment.id] });
    expect(early.status).toBe(409);
    await db().storedFile.delete({ where: { id: comment.id } });
    expect(headers).toBeDefined();
  });

  describe("10,000 requests against one link", () => {
    let server: Server;
    let hammered: Express;
    beforeAll(() => {
      // Its own app: its own in-process counters.
      hammered = createApp({ ...testDeps(), redis: null });
      server = hammered.listen(0);
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("are throttled (429) and write nothing", { timeout: 300_000 }, async () => {
      const { linkId, token, user } = await newLink(hammered);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // A tampered token is the same 404 as an unknown one.
      const tampered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
      expect((await request(base).get(`/application-form/${tampered}`)).status).toBe(404);
      const statuses = new Map<number, number>();
      const one = (i: number) =>
        (i % 2 === 0
          ? request(base).get(`/application-form/${token}`)
          : request(base)
              .post(`/application-form/${token}`)
              .type("form")
              .send({ action: "send", surname: "Hammer", name: "Time", mobile_phone: "+1 555 0100" })
        ).then((r) => statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1));
      // The link's allowance is spent on reads first, then 10,000 requests, half of them valid sends.
      for (let i = 0; i < APP_FORM_TOKEN_LIMIT; i++) await request(base).get(`/application-form/${token}`);
      const started = Date.now();
      for (let batch = 0; batch < 10_000; batch += 100)
        await Promise.all(Array.from({ length: 100 }, (_, i) => one(batch + i)));
      const ms = Date.now() - started;
      expect(Object.fromEntries(statuses), `${ms} ms`).toEqual({ 429: 10_000 });
      expect(await versionsOf(user.id)).toBe(0);
      const link = await db().appFormLink.findUniqueOrThrow({ where: { id: linkId } });
      expect(link.submittedAt).toBeNull();
      expect(link.draft).toBeNull();
      expect(await filesOf(linkId)).toEqual([]);
    });
  });

  it("deletes the files of forms that can no longer be sent, keeps open and sent ones", async () => {
    const scan = (name: string) => [{ field: "documents", buffer: samplePdf(), name }];
    const draft = { action: "draft", surname: "Bondar", name: "Ivan" };
    // Replaced: a newer link for the same applicant closes this one.
    const replaced = await newLink();
    expect((await postForm(replaced.token, draft, scan("old.pdf"))).status).toBe(200);
    const renewed = await api()
      .post(`/api/users/${replaced.user.id}/app_form_links`)
      .set(replaced.headers)
      .send({});
    expect(renewed.status).toBe(201);
    // Expired, never sent.
    const expired = await newLink();
    expect((await postForm(expired.token, draft, scan("late.pdf"))).status).toBe(200);
    await db().appFormLink.update({
      where: { id: expired.linkId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    // Still open, and one deleted by staff.
    const open = await newLink();
    expect((await postForm(open.token, draft, scan("open.pdf"))).status).toBe(200);
    const deleted = await newLink();
    expect((await postForm(deleted.token, draft, scan("gone.pdf"))).status).toBe(200);
    const goneKeys = (await filesOf(deleted.linkId)).map((f) => f.key);
    expect((await api().delete(`/api/app_form_links/${deleted.linkId}`).set(deleted.headers)).status).toBe(
      204,
    );
    const storage = testDeps().storage;
    const keysOf = async (linkId: number) => (await filesOf(linkId)).map((f) => f.key);
    const replacedKeys = await keysOf(replaced.linkId);
    const expiredKeys = await keysOf(expired.linkId);
    const openKeys = await keysOf(open.linkId);

    // Within the week a closed link's files stay.
    await runJobOnce(purgeAppFormFilesHandler, {});
    expect(await keysOf(replaced.linkId)).toEqual(replacedKeys);
    expect(await keysOf(expired.linkId)).toEqual(expiredKeys);

    await runJobOnce(purgeAppFormFilesHandler, { closedForMs: 0 });
    expect(await filesOf(replaced.linkId)).toEqual([]);
    expect(await filesOf(expired.linkId)).toEqual([]);
    for (const key of [...replacedKeys, ...expiredKeys, ...goneKeys])
      expect(await storage.exists(key)).toBe(false);
    expect(await keysOf(open.linkId)).toEqual(openKeys);
    for (const key of openKeys) expect(await storage.exists(key)).toBe(true);
    // Twice is harmless.
    await runJobOnce(purgeAppFormFilesHandler, { closedForMs: 0 });
    expect(await keysOf(open.linkId)).toEqual(openKeys);
  });
});
