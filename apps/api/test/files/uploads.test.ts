import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { cleanFilename } from "../../src/storage/clean-filename.js";
import { detectType, isAccepted } from "../../src/storage/file-types.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createVessel } from "../support/factories.js";
import {
  sampleDocx,
  sampleExe,
  sampleHeic,
  sampleJpeg,
  sampleOle,
  samplePdf,
  samplePng,
  sampleWebp,
  sampleXlsx,
} from "../support/sample-files.js";

let admin: TAuthHeaders;
let partnerView: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  partnerView = (await signInAs("partner_view")).headers;
});
const api = () => request(testApp());

describe("upload checks", () => {
  it("recognises each allowed type by its content, whatever its name", async () => {
    const cases: [Buffer, string, string][] = [
      [samplePdf(), "a.bin", "application/pdf"],
      [sampleJpeg(), "a.png", "image/jpeg"],
      [samplePng(), "a", "image/png"],
      [sampleWebp(), "a.jpg", "image/webp"],
      [sampleHeic(), "a.heic", "image/heic"],
      [
        await sampleDocx(),
        "cv.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      [await sampleXlsx(), "list.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      [sampleOle(), "old.doc", "application/msword"],
      [sampleOle(), "old.xls", "application/vnd.ms-excel"],
    ];
    for (const [buffer, name, mime] of cases) {
      const found = await detectType(buffer, name);
      expect(found, name).toBe(mime);
      expect(isAccepted("applicantFile", found)).toBe(true);
    }
    expect(await detectType(sampleOle(), "mail.msg")).toBeNull();
    expect(isAccepted("applicantFile", await detectType(sampleExe(), "passport.pdf"))).toBe(false);
    expect(isAccepted("image", await detectType(samplePdf(), "photo.jpg"))).toBe(false);
  });

  it("cleans names: no folders, no control or reserved characters, unicode kept", () => {
    expect(cleanFilename("../../etc/passwd")).toBe("passwd");
    // A Windows browser may send the whole path; built from parts so no machine path is spelled here.
    expect(cleanFilename(["C:", "Users", "me", "Іванов паспорт.pdf"].join("\\"))).toBe("Іванов паспорт.pdf");
    expect(cleanFilename('a<b>c:d"e|f?g*h\u0000.jpg')).toBe("abcdefgh.jpg");
    expect(cleanFilename("   ...   ")).toBe("file");
    expect(cleanFilename(`${"x".repeat(300)}.pdf`)).toMatch(/^x{176}\.pdf$/);
  });
});

describe("file attributes of a record", () => {
  it("uploads a vessel photo, serves it to readers, replaces it, removes it; the record's history shows it", async () => {
    const vessel = await createVessel();
    const upload = await api()
      .post(`/api/vessels/${vessel.id}/files/photo`)
      .set(admin)
      .attach("file", samplePng(), "Nordic Star.png");
    expect(upload.status).toBe(200);
    const photo = upload.body.data.attributes.photo as {
      id: number;
      filename: string;
      content_type: string;
      url: string;
    };
    expect(photo).toMatchObject({
      filename: "Nordic Star.png",
      content_type: "image/png",
      byte_size: samplePng().length,
    });
    const shown = await api().get(`/api/vessels/${vessel.id}`).set(admin);
    expect(shown.body.data.attributes.photo.id).toBe(photo.id);

    const served = await api()
      .get(photo.url)
      .set(admin)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-disposition"]).toBe(
      `inline; filename="Nordic Star.png"; filename*=UTF-8''Nordic%20Star.png`,
    );
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(served.body as Buffer, samplePng())).toBe(0);
    // partner_view may not read vessels: nor their files.
    expect((await api().get(photo.url).set(partnerView)).status).toBe(403);

    const replaced = await api()
      .post(`/api/vessels/${vessel.id}/files/photo`)
      .set(admin)
      .attach("file", sampleJpeg(), "new.jpg");
    expect(replaced.body.data.attributes.photo).toMatchObject({
      filename: "new.jpg",
      content_type: "image/jpeg",
    });
    expect((await api().get(photo.url).set(admin)).status).toBe(404);
    const db = testDeps().db;
    expect(await db.storedFile.count({ where: { recordType: "vessels", recordId: vessel.id } })).toBe(1);

    const current = replaced.body.data.attributes.photo as { id: number };
    expect((await api().delete(`/api/files/${current.id}`).set(admin)).status).toBe(204);
    expect((await api().get(`/api/vessels/${vessel.id}`).set(admin)).body.data.attributes.photo).toBeNull();
    const history = await api()
      .get(`/api/vessels/${vessel.id}/versions`)
      .query({ "page[size]": 50 })
      .set(admin);
    const fileEvents = history.body.data
      .filter((v: { attributes: { item_type: string } }) => v.attributes.item_type === "stored_files")
      .map((v: { attributes: { event: string } }) => v.attributes.event);
    expect(fileEvents.sort()).toEqual(["create", "create", "delete", "delete"]);
  });

  it("refuses a renamed executable (422 naming it), a file too large (413), a non-multipart body (415)", async () => {
    const vessel = await createVessel();
    const exe = await api()
      .post(`/api/vessels/${vessel.id}/files/photo`)
      .set(admin)
      .attach("file", sampleExe(), "photo.jpg");
    expect(exe.status).toBe(422);
    expect(exe.body.errors[0].source.pointer).toBe("/data/attributes/file");
    expect(exe.body.errors[0].title).toContain("photo.jpg is not an allowed file type (JPEG, PNG, WebP)");
    const big = Buffer.concat([samplePng(), Buffer.alloc(testDeps().config.UPLOAD_MAX_BYTES + 1)]);
    expect(
      (await api().post(`/api/vessels/${vessel.id}/files/photo`).set(admin).attach("file", big, "big.png"))
        .status,
    ).toBe(413);
    expect(
      (await api().post(`/api/vessels/${vessel.id}/files/photo`).set(admin).send({ file: "x" })).status,
    ).toBe(415);
    expect(
      (
        await api()
          .post(`/api/vessels/${vessel.id}/files/nope`)
          .set(admin)
          .attach("file", samplePng(), "a.png")
      ).status,
    ).toBe(404);
    expect(
      (await api().post("/api/vessels/999999/files/photo").set(admin).attach("file", samplePng(), "a.png"))
        .status,
    ).toBe(404);
    expect(
      await testDeps().db.storedFile.count({ where: { recordType: "vessels", recordId: vessel.id } }),
    ).toBe(0);
  });

  it("deleting the record removes its files and their objects", async () => {
    const vessel = await createVessel();
    const upload = await api()
      .post(`/api/vessels/${vessel.id}/files/photo`)
      .set(admin)
      .attach("file", samplePng(), "p.png");
    const id = upload.body.data.attributes.photo.id as number;
    const row = await testDeps().db.storedFile.findUniqueOrThrow({ where: { id } });
    expect(await testDeps().storage.exists(row.key)).toBe(true);
    expect((await api().delete(`/api/vessels/${vessel.id}`).set(admin)).status).toBe(204);
    expect(await testDeps().db.storedFile.count({ where: { id } })).toBe(0);
    expect(await testDeps().storage.exists(row.key)).toBe(false);
  });
});
