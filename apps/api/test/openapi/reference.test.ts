import request from "supertest";
import { describe, expect, it } from "vitest";
import { testApp } from "../support/deps.js";

describe("GET /api/openapi.json and /api/docs", () => {
  it("serves the OpenAPI 3.1 document without a session", async () => {
    const res = await request(testApp()).get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.paths["/api/users"].get.operationId).toBe("users.list");
    expect(Object.keys(res.body.components.securitySchemes)).toHaveLength(5);
  });

  it("serves the reference page with its own assets under a CSP that allows only this server", async () => {
    const page = await request(testApp()).get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain('src="/api/docs/assets/swagger-ui-bundle.js"');
    expect(page.text).not.toMatch(/https?:\/\//);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    for (const asset of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
      const res = await request(testApp()).get(`/api/docs/assets/${asset}`);
      expect(res.status, asset).toBe(200);
    }
    const script = await request(testApp()).get("/api/docs/reference.js");
    expect(script.status).toBe(200);
    expect(script.text).toContain("validatorUrl: null");
  });

  it("serves no other file of the package", async () => {
    const res = await request(testApp()).get("/api/docs/assets/package.json");
    expect(res.status).toBe(404);
    const traversal = await request(testApp()).get("/api/docs/assets/..%2F..%2Fpackage.json");
    expect(traversal.status).toBe(404);
  });
});
