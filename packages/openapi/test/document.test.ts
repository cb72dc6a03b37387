import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  ALL_VERBS,
  defineResource,
  RESOURCES,
  routeTable,
  APPLICANT_FILTERS_BASIC,
  applicants,
  type TResourceDef,
} from "@crew/contracts";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, openApiDocument, openApiPath } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const doc = openApiDocument();

type TOperation = { operationId?: string; parameters?: { name: string; in: string }[]; [k: string]: unknown };
/** A path's shape: parameter names aside (two routes differing only there are one OpenAPI path). */
const shapeOf = (path: string): string => path.replace(/\{[^}]+\}/g, "{}");
const operation = (path: string, method: string): TOperation | undefined => {
  const found = Object.keys(doc.paths ?? {}).find((p) => shapeOf(p) === shapeOf(path));
  return found ? (doc.paths?.[found] as Record<string, TOperation> | undefined)?.[method] : undefined;
};

describe("the OpenAPI document", () => {
  it("has an operation for every route of the route table", () => {
    const missing = routeTable()
      .filter((r) => r.kind !== "options")
      .filter((r) => !operation(openApiPath(r.path), r.method))
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const options = operation("/api/select_options", "get");
    const types = (options?.["x-selectable-types"] ?? []) as string[];
    expect(
      routeTable()
        .filter((r) => r.kind === "options")
        .map((r) => r.type),
    ).toEqual(types);
  });

  it("documents no route the table and the bespoke list do not name", () => {
    const table = new Set(routeTable().map((r) => `${r.method} ${shapeOf(openApiPath(r.path))}`));
    const extra = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, TOperation>)
        .filter(([method, op]) => !table.has(`${method} ${shapeOf(path)}`) && !op.deprecated)
        .map(([method]) => `${method} ${path}`),
    );
    expect(extra.sort()).toEqual(
      [
        "delete /api/auth/sign_out",
        "delete /api/files/{fileId}",
        "get /api/auth/validate_token",
        "get /api/docs",
        "get /api/docs/assets/{name}",
        "get /api/docs/reference.js",
        "get /api/files/{fileId}",
        "get /api/files/{fileId}/{filename}",
        "get /api/health",
        "get /api/live",
        "get /api/openapi.json",
        "get /api/public_config",
        "get /api/ready",
        "post /api/auth/google_oauth2",
        "post /api/auth/sign_in",
        "post /api/telegram/webhook",
      ].sort(),
    );
  });

  it("types each list's filters, sort, include, fields, page and search", () => {
    const params = (operation("/api/users", "get")?.parameters ?? []).map((p) => p.name);
    for (const name of APPLICANT_FILTERS_BASIC) expect(params).toContain(`filter[${name}]`);
    expect(params.filter((p) => p.startsWith("filter[")).length).toBe(Object.keys(applicants.filters).length);
    expect(params).toEqual(
      expect.arrayContaining(["sort", "include", "fields[users]", "page[number]", "page[size]", "search"]),
    );
  });

  it("names the permission and the roles of every resource operation", () => {
    for (const route of routeTable().filter((r) => r.kind !== "options")) {
      const op = operation(openApiPath(route.path), route.method);
      expect(op?.["x-permission"], `${route.method} ${route.path}`).toEqual(route.permission);
      expect(Array.isArray(op?.["x-roles"])).toBe(true);
    }
    expect(operation("/api/users", "get")?.["x-roles"]).toContain("admin");
    expect(operation("/api/permissions/{id}", "delete")?.["x-roles"]).not.toContain("guest");
  });

  it("declares the session headers as a security scheme with the rotation described", () => {
    const schemes = doc.components?.securitySchemes ?? {};
    expect(Object.keys(schemes).sort()).toEqual(["access-token", "client", "expiry", "token-type", "uid"]);
    expect(JSON.stringify(schemes)).toContain("Rotation");
    expect(operation("/api/auth/sign_in", "post")?.security).toEqual([]);
  });

  it("picks up a new resource by itself", { timeout: 60_000 }, () => {
    const hullTypes = defineResource({
      type: "hull_types",
      permission: "ranks",
      label: { one: "Hull type", many: "Hull types" },
      titleAttribute: "title",
      attributes: {
        title: { label: "Title", kind: "text", required: true, list: true, input: z.string().min(1) },
      },
      filters: { title: { label: "Title", kind: "text", input: z.string() } },
      defaultSort: "title",
      verbs: ALL_VERBS,
      selectable: true,
    });
    const resources: Record<string, TResourceDef> = { ...RESOURCES, hull_types: hullTypes };
    const paths = buildOpenApiDocument(resources).paths ?? {};
    expect(Object.keys(paths["/api/hull_types"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/hull_types/{id}"] ?? {}).sort()).toEqual(["delete", "get", "patch"]);
    expect(paths["/api/hull_types/{id}/versions"]).toBeDefined();
  });

  it("passes Redocly's linter (recommended rules) with no errors", async () => {
    const file = join(here, "../dist/openapi.json");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(doc, null, 1));
    const redocly = join(here, "../node_modules/.bin/redocly");
    const run = promisify(execFile);
    const { stdout, stderr } = await run(
      redocly,
      ["lint", file, "--config", join(here, "../redocly.yaml"), "--format", "summary"],
      {
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: "off",
          REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
          NO_COLOR: "1",
        },
        timeout: 120_000,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`redocly lint failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    expect(`${stdout}${stderr}`).not.toMatch(/\d+ errors?\b(?! and 0)/i);
  }, 180_000);
});
