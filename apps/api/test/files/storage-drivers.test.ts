import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { purgeOrphanFilesHandler } from "../../src/storage/purge-orphan-files-handler.js";
import { runJobOnce } from "../support/run-job.js";
import { diskStorage } from "../../src/storage/disk-storage.js";
import { s3Storage } from "../../src/storage/s3-storage.js";
import type { TStorage } from "../../src/storage/storage.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testConfig, testDeps } from "../support/deps.js";
import { createVessel } from "../support/factories.js";
import { samplePng } from "../support/sample-files.js";

const text = async (body: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

let s3rver: S3rver;
let s3Dir: string;
let endpoint: string;
beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), "s3rver-"));
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "crew-files", configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const s3 = (): TStorage =>
  s3Storage({
    endpoint,
    region: "us-east-1",
    bucket: "crew-files",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });

describe.each([
  ["disk", () => diskStorage(mkdtempSync(join(tmpdir(), "crew-disk-")))],
  ["s3", s3],
])("the %s driver", (_kind, make) => {
  it("puts, gets, lists and deletes objects under server-made keys only", async () => {
    const storage = make();
    await storage.put("vessels/2026/11/abc-1", Buffer.from("hello"), { contentType: "text/plain" });
    expect(await storage.exists("vessels/2026/11/abc-1")).toBe(true);
    const got = await storage.get("vessels/2026/11/abc-1");
    expect(got.size).toBe(5);
    expect(await text(got.body)).toBe("hello");
    const keys: string[] = [];
    for await (const o of storage.list("vessels")) keys.push(o.key);
    expect(keys).toContain("vessels/2026/11/abc-1");
    await storage.delete("vessels/2026/11/abc-1");
    expect(await storage.exists("vessels/2026/11/abc-1")).toBe(false);
    await expect(
      storage.put("../../etc/passwd", Buffer.from("x"), { contentType: "text/plain" }),
    ).rejects.toThrow(/Unsafe/);
  });
});

describe("uploads through the S3-compatible driver", () => {
  let admin: TAuthHeaders;
  beforeAll(async () => {
    admin = (await signInAs("admin")).headers;
  });

  it("stores the object in the bucket and serves it back", async () => {
    const app = createApp({ ...testDeps(), storage: s3() });
    const vessel = await createVessel();
    const up = await request(app)
      .post(`/api/vessels/${vessel.id}/files/photo`)
      .set(admin)
      .attach("file", samplePng(), "Фото судна.png");
    expect(up.status).toBe(200);
    expect(up.body.data.attributes.photo.filename).toBe("Фото судна.png");
    const row = await testDeps().db.storedFile.findUniqueOrThrow({
      where: { id: up.body.data.attributes.photo.id },
    });
    expect(await s3().exists(row.key)).toBe(true);
    const served = await request(app).get(up.body.data.attributes.photo.url).set(admin);
    expect(served.status).toBe(200);
    expect(served.headers["content-disposition"]).toContain(
      "filename*=UTF-8''%D0%A4%D0%BE%D1%82%D0%BE%20%D1%81%D1%83%D0%B4%D0%BD%D0%B0.png",
    );
  });

  it("leaves no row and no object when the write fails after the object was stored", async () => {
    const storage = s3();
    const failing = {
      ...testDeps(),
      storage: {
        ...storage,
        put: async (key: string, body: Buffer, meta: { contentType: string }) => {
          await storage.put(key, body, meta);
          throw new Error("disk full");
        },
      },
    };
    const app = createApp(failing);
    const vessel = await createVessel();
    const before: string[] = [];
    for await (const o of storage.list("vessels")) before.push(o.key);
    const res = await request(app)
      .post(`/api/vessels/${vessel.id}/files/photo`)
      .set(admin)
      .attach("file", samplePng(), "p.png");
    expect(res.status).toBe(500);
    const after: string[] = [];
    for await (const o of storage.list("vessels")) after.push(o.key);
    expect(after.sort()).toEqual(before.sort());
    expect(
      await testDeps().db.storedFile.count({ where: { recordType: "vessels", recordId: vessel.id } }),
    ).toBe(0);
  });

  it("the orphan purge deletes old objects nobody names and keeps the others", async () => {
    const storage = s3();
    const vessel = await createVessel();
    const app = createApp({ ...testDeps(), storage });
    const kept = await request(app)
      .post(`/api/vessels/${vessel.id}/files/photo`)
      .set(admin)
      .attach("file", samplePng(), "kept.png");
    const keptRow = await testDeps().db.storedFile.findUniqueOrThrow({
      where: { id: kept.body.data.attributes.photo.id },
    });
    await storage.put("vessels/2020/01/orphan-object", Buffer.from("x"), { contentType: "text/plain" });
    const config = testConfig({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: "crew-files",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    await runJobOnce(purgeOrphanFilesHandler, { olderThanMs: 0 }, { config });
    expect(await storage.exists("vessels/2020/01/orphan-object")).toBe(false);
    expect(await storage.exists(keptRow.key)).toBe(true);
  });
});
