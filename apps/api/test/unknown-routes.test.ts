import request from "supertest";
import { describe, expect, it } from "vitest";
import { testApp } from "./support/deps.js";
import { signInAs } from "./support/auth.js";
import { expectJsonApi } from "./support/jsonapi.js";

describe("unknown API paths", () => {
  it("need a session, then answer a JSON:API 404", async () => {
    const anonymous = await request(testApp()).get("/api/spaceships");
    expect(anonymous.status).toBe(401);
    expectJsonApi(anonymous.body);
    const { headers } = await signInAs("admin");
    const res = await request(testApp()).get("/api/spaceships").set(headers);
    expect(res.status).toBe(404);
    expectJsonApi(res.body);
    expect(res.body.errors[0].detail).toBe("No route for GET /api/spaceships");
  });
});
