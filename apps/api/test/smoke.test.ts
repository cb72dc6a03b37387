import request from "supertest";
import { describe, expect, it } from "vitest";
import { testApp, testDeps } from "./support/deps.js";

describe("app", () => {
  it("answers health and a JSON:API 404 for unknown API paths", async () => {
    expect((await request(testApp()).get("/api/health")).status).toBe(200);
    expect(await testDeps().db.permissionRecord.count()).toBeGreaterThan(100);
  });
});
