import {
  JSONAPI_MEDIA_TYPE,
  RESOURCES,
  routeTable,
  type TResourceDef,
  type TRouteSpec,
} from "@crew/contracts";
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject } from "zod-openapi";
import { operationOf, permissionExtensions } from "./operations.js";
import { ZErrorDocument, ZOptionsDocument } from "./schemas.js";
import {
  authOperations,
  errorResponses,
  securitySchemes,
  SESSION_SECURITY,
  SESSION_TEXT,
  sessionHeaderComponents,
  sessionHeaders,
} from "./session.js";

/** What the document is: an OpenAPI 3.1 object (JSON). */
export type TOpenApiDocument = ReturnType<typeof createDocument>;

const INTRO = [
  "The JSON:API of the crewing back office, generated from the resource definitions in `packages/contracts`",
  "and the route table the server mounts (`routesOf`), so it lists exactly what is served.",
  "",
  "**Media type:** answers are `application/vnd.api+json`; requests may send it or `application/json`.",
  "Lists take `filter[<name>]`, `sort`, `include`, `fields[<type>]`, `page[number]`, `page[size]` and `search`;",
  "an unknown name is a 400, never ignored. Invalid values are a 422 with one error per field, each pointing",
  "at it in `source.pointer`.",
  "",
  `**Session:** ${SESSION_TEXT}`,
  "",
  "**Permissions:** every operation names the permission key and verb it needs (`x-permission`) and the roles",
  "whose seeded permission map has it (`x-roles`); an admin may change a role's or one account's records,",
  "`GET /api/permissions?filter[client_id]=<your id>` answers what an account may do now.",
].join("\n");

const bespokeOperations = (
  resources: Readonly<Record<string, TResourceDef>>,
): Record<string, Record<string, ZodOpenApiOperationObject>> => {
  const selectable = Object.values(resources)
    .filter((d) => d.selectable)
    .map((d) => d.type);
  const ops: Record<string, Record<string, ZodOpenApiOperationObject>> = {
    "/api/health": {
      get: {
        operationId: "health",
        tags: ["service"],
        summary: "Liveness: the process answers",
        security: [],
        responses: {
          "200": {
            description: "Alive.",
            content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
          },
        },
      },
    },
    "/api/ready": {
      get: {
        operationId: "ready",
        tags: ["service"],
        summary: "Readiness: the database (and Redis, when configured) answer",
        security: [],
        responses: {
          "200": {
            description: "Ready.",
            content: {
              "application/json": {
                schema: z.object({
                  status: z.literal("ready"),
                  checks: z.record(z.string(), z.literal("ok")),
                }),
              },
            },
          },
          ...errorResponses([503]),
        },
      },
    },
    "/api/public_config": {
      get: {
        operationId: "public_config",
        tags: ["service"],
        summary: "What the sign-in page needs before anyone signs in",
        security: [],
        responses: {
          "200": {
            description: "Public settings.",
            content: {
              "application/json": {
                schema: z.object({
                  google_client_id: z.string().nullable(),
                  help_document_url: z.string().nullable(),
                }),
              },
            },
          },
        },
      },
    },
    "/api/telegram/webhook": {
      post: {
        operationId: "telegram_webhook",
        tags: ["service"],
        summary:
          "Telegram Bot API updates (webhook mode, docs/outside-channels.md); Telegram's X-Telegram-Bot-Api-Secret-Token header must match",
        security: [],
        requestBody: {
          content: {
            "application/json": {
              schema: z.object({ update_id: z.number().int() }).catchall(z.unknown()),
            },
          },
        },
        responses: {
          "200": {
            description: "Handled (or handled before: each update once).",
            content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } },
          },
          ...errorResponses([400, 401, 404]),
        },
      },
    },
    "/api/openapi.json": {
      get: {
        operationId: "openapi",
        tags: ["service"],
        summary: "This document",
        security: [],
        responses: {
          "200": {
            description: "OpenAPI 3.1.",
            content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
          },
        },
      },
    },
    "/api/select_options": {
      get: {
        operationId: "select_options",
        tags: ["pickers"],
        summary: "Options for a form's picker",
        description:
          "`{id, label}` pairs of a selectable type, matched by its title: through that type's read permission (or the permission of a form that picks it) and scope.",
        security: SESSION_SECURITY,
        "x-selectable-types": selectable,
        requestParams: {
          query: z.object({
            type: z.enum(selectable as [string, ...string[]]).meta({ description: "The JSON:API type." }),
            q: z.string().max(200).optional().meta({ description: "Words of the title." }),
            "page[size]": z.coerce
              .number()
              .int()
              .min(1)
              .max(999)
              .optional()
              .meta({ description: "Most options (default 50)." }),
          }),
        },
        responses: {
          "200": {
            description: "Options.",
            headers: sessionHeaders(),
            content: { [JSONAPI_MEDIA_TYPE]: { schema: ZOptionsDocument } },
          },
          ...errorResponses([400, 401, 403, 429, 503]),
        },
      },
    },
    "/api/files/{fileId}": {
      delete: {
        operationId: "files.delete",
        tags: ["files"],
        summary: "Remove a stored file",
        description: "Needs update on the record the file belongs to.",
        security: SESSION_SECURITY,
        requestParams: { path: z.object({ fileId: z.string().regex(/^[1-9][0-9]*$/) }) },
        responses: { "204": { description: "Removed." }, ...errorResponses([400, 401, 403, 404, 429, 503]) },
      },
      get: {
        operationId: "files.download",
        tags: ["files"],
        summary: "Download a stored file",
        description:
          "To whoever may read the record it belongs to. Images and PDFs come inline, the rest as attachments; the name is in Content-Disposition. `GET /api/files/{fileId}/{filename}` serves the same file under its name (the `url` a file attribute gives).",
        security: SESSION_SECURITY,
        requestParams: { path: z.object({ fileId: z.string().regex(/^[1-9][0-9]*$/) }) },
        responses: {
          "200": {
            description: "The file.",
            content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
          },
          ...errorResponses([400, 401, 403, 404, 429, 503]),
        },
      },
    },
    "/api/files/{fileId}/{filename}": {
      get: {
        operationId: "files.download_named",
        tags: ["files"],
        summary: "Download a stored file under its name",
        security: SESSION_SECURITY,
        requestParams: {
          path: z.object({ fileId: z.string().regex(/^[1-9][0-9]*$/), filename: z.string() }),
        },
        responses: {
          "200": {
            description: "The file.",
            content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
          },
          ...errorResponses([400, 401, 403, 404, 429, 503]),
        },
      },
    },
    "/api/live": {
      get: {
        operationId: "live",
        tags: ["live"],
        summary: "Server-sent events: changes to the named types",
        description:
          "`event: change` with `{type, ids, event, actor_id, at}` for each write to a followed type the account may read; read the records again through their routes.",
        security: SESSION_SECURITY,
        requestParams: {
          query: z.object({
            types: z.string().meta({
              description: `Comma-separated types: ${Object.values(resources)
                .filter((d) => d.live)
                .map((d) => `\`${d.type}\``)
                .join(", ")}.`,
            }),
          }),
        },
        responses: {
          "200": {
            description: "An event stream.",
            content: { "text/event-stream": { schema: z.string() } },
          },
          ...errorResponses([400, 401, 403, 429, 503]),
        },
      },
    },
    "/api/docs/reference.js": {
      get: {
        operationId: "docs.script",
        tags: ["service"],
        summary: "The reference page's script",
        security: [],
        responses: {
          "200": { description: "JavaScript.", content: { "text/javascript": { schema: z.string() } } },
        },
      },
    },
    "/api/docs/assets/{name}": {
      get: {
        operationId: "docs.asset",
        tags: ["service"],
        summary: "The reference page's assets (swagger-ui-dist, served by this server)",
        security: [],
        requestParams: {
          path: z.object({ name: z.enum(["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]) }),
        },
        responses: {
          "200": {
            description: "The file.",
            content: {
              "text/css": { schema: z.string() },
              "text/javascript": { schema: z.string() },
              "image/png": { schema: z.string().meta({ format: "binary" }) },
            },
          },
          ...errorResponses([404]),
        },
      },
    },
    "/api/docs": {
      get: {
        operationId: "docs",
        tags: ["service"],
        summary: "This reference as a page (with try-it-out)",
        security: [],
        responses: { "200": { description: "HTML.", content: { "text/html": { schema: z.string() } } } },
      },
    },
  };
  return ops;
};

/** The route-table kinds served by one shared operation (select_options for every selectable type). */
const SHARED: ReadonlySet<TRouteSpec["kind"]> = new Set(["options"]);

/** Routes the kernel serves beside the table: POST/DELETE on a to-one relationship, refused with 403 (JSON:API). */
const toOneRefusals = (
  def: TResourceDef,
  route: TRouteSpec,
): { method: "post" | "delete"; operation: ZodOpenApiOperationObject }[] => {
  const rel = def.relationships?.[route.relationship ?? ""];
  if (route.kind !== "relationship" || route.method !== "patch" || rel?.cardinality !== "one") return [];
  return (["post", "delete"] as const).map((method) => ({
    method,
    operation: {
      operationId: `${def.type}.relationships.${route.relationship ?? ""}.${method}`,
      tags: [def.type],
      summary: `${method === "post" ? "Add to" : "Remove from"} a to-one relationship: always refused`,
      description:
        "JSON:API answers 403: a to-one relationship is replaced with PATCH (send `data: null` to clear it).",
      security: SESSION_SECURITY,
      deprecated: true,
      ...permissionExtensions(route),
      requestParams: { path: z.object({ id: z.string().regex(/^[1-9][0-9]*$/) }) },
      responses: errorResponses([400, 401, 403, 404, 429, 503]),
    },
  }));
};

/**
 * Two addresses that differ only in their parameters' names are one path to OpenAPI (a member
 * action `POST /users/{id}/app_form_links` beside the nested list `GET /users/{parentId}/...`).
 * The later one's operations move under the first name, their path parameters renamed.
 */
const mergeIdenticalPaths = (paths: Record<string, Record<string, ZodOpenApiOperationObject>>): void => {
  const firstOf = new Map<string, string>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{[^}]+\}/g, "{}");
    const first = firstOf.get(shape);
    if (!first) {
      firstOf.set(shape, path);
      continue;
    }
    const from = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
    const to = [...first.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
    const target = (paths[first] ??= {});
    for (const [method, operation] of Object.entries(paths[path] ?? {})) {
      if (target[method]) throw new Error(`two operations for ${method.toUpperCase()} ${first}`);
      const params = operation.requestParams?.path;
      const shapeOf = params instanceof z.ZodObject ? (params.shape as Record<string, z.ZodType>) : undefined;
      target[method] = shapeOf
        ? {
            ...operation,
            requestParams: {
              ...operation.requestParams,
              path: z.object(
                Object.fromEntries(
                  Object.entries(shapeOf).map(([name, schema]) => [to[from.indexOf(name)] ?? name, schema]),
                ),
              ),
            },
          }
        : operation;
    }
    delete paths[path];
  }
};

/** Builds the document from the resource definitions (default: every resource of the contracts). */
export const buildOpenApiDocument = (
  resources: Readonly<Record<string, TResourceDef>> = RESOURCES,
  version = "1.0.0",
): TOpenApiDocument => {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = { ...authOperations() };
  for (const route of routeTable(resources)) {
    if (SHARED.has(route.kind)) continue;
    const def = resources[route.type];
    if (!def) throw new Error(`route of unknown type ${route.type}`);
    const { path, method, operation } = operationOf(route, def);
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`two operations for ${method.toUpperCase()} ${path}`);
    item[method] = operation;
    for (const refusal of toOneRefusals(def, route)) item[refusal.method] = refusal.operation;
  }
  for (const [path, item] of Object.entries(bespokeOperations(resources)))
    paths[path] = { ...paths[path], ...item };
  mergeIdenticalPaths(paths);
  const permissions = paths["/api/permissions"]?.get;
  if (permissions)
    permissions.description = `${permissions.description ?? ""}\n\n\`filter[client_id]=<id>\` answers one account's effective records (its role's with the account's own in their place); anyone may read their own, another's needs \`permissions.read\`.`;

  const tags = [
    { name: "session", description: SESSION_TEXT },
    ...Object.values(resources).map((d) => ({
      name: d.type,
      description: `${d.label.many} (\`${d.type}\`; permission key \`${d.permission}\`).`,
    })),
    { name: "pickers", description: "Options of form pickers." },
    { name: "files", description: "Stored files (uploads go to each record's `files/<attribute>` route)." },
    { name: "live", description: "Change events." },
    { name: "service", description: "Health, readiness, public settings and this reference." },
  ];

  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Crewing back office API",
        version,
        description: INTRO,
        license: { name: "Open source" },
      },
      servers: [{ url: "/", description: "This server" }],
      tags,
      security: SESSION_SECURITY,
      paths,
      components: {
        securitySchemes: securitySchemes(),
        headers: sessionHeaderComponents(),
        schemas: { ErrorDocument: ZErrorDocument },
      },
    },
    {
      override: ({ jsonSchema, zodSchema }) => {
        // Dates: the contracts' date inputs take "yyyy-mm-dd" (or an ISO date-time cut at 'T') or a Date; on the wire a string.
        if (zodSchema._zod.def.type === "date") {
          jsonSchema.type = "string";
          jsonSchema.format = "date";
        }
      },
      allowEmptySchema: { custom: true, transform: true, date: true },
    },
  );
};

let cached: TOpenApiDocument | undefined;
/** The document of the contracts' resources, built once per process. */
export const openApiDocument = (): TOpenApiDocument => (cached ??= buildOpenApiDocument());
