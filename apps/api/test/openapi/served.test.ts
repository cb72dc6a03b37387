import request from "supertest";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@crew/openapi";
import { rotatedHeaders, signInAs } from "../support/auth.js";
import { testApp } from "../support/deps.js";

const MISSING = "999999999";
/** Values for the path parameters the document names (a missing record: the route answers 404 of its own). */
const VALUES: Record<string, string> = {
  id: MISSING,
  parentId: MISSING,
  fileId: MISSING,
  filename: "x.pdf",
  name: "swagger-ui.css",
};
/** Calls that would end the test's session or wait for events. */
const SKIP = new Set(["delete /api/auth/sign_out", "get /api/live"]);

describe("every documented operation is served", () => {
  it("answers each path and method of the document with something other than the unknown-route 404", async () => {
    let { headers } = await signInAs("admin");
    const unserved: string[] = [];
    for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
      for (const method of ["get", "post", "patch", "delete"] as const) {
        if (!(item as Record<string, unknown>)[method] || SKIP.has(`${method} ${path}`)) continue;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => VALUES[name] ?? MISSING);
        let req = request(testApp())[method](url).set(headers);
        if (path === "/api/select_options") req = req.query({ type: "ranks" });
        if (method === "post" || method === "patch") req = req.send({});
        const res = await req;
        headers = rotatedHeaders(res, headers);
        const detail = String(res.body?.errors?.[0]?.detail ?? "");
        if (res.status === 404 && detail.startsWith("No route for"))
          unserved.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unserved).toEqual([]);
  }, 300_000);
});
