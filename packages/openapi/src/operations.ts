import {
  DEFAULT_PAGE_SIZE,
  JSONAPI_MEDIA_TYPE,
  MAX_PAGE_SIZE,
  ROLES,
  rolePermissionMap,
  routeAllows,
  type TActionDef,
  type TResourceDef,
  type TRole,
  type TRouteSpec,
} from "@crew/contracts";
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";
import {
  listDocument,
  relationshipBody,
  relationshipDocument,
  resourceObject,
  singleDocument,
  writeBody,
  ZId,
  ZVersionsDocument,
} from "./schemas.js";
import { errorResponses, SESSION_SECURITY, sessionHeaders } from "./session.js";

/** `/api/users/:id/relationships/tags` -> `/api/users/{id}/relationships/tags`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z_]+)/g, "{$1}");

/** The roles whose seeded map lets them call a route (an admin may change a role's records). */
export const rolesOf = (route: Pick<TRouteSpec, "permission" | "requires" | "pickerOf">): TRole[] =>
  ROLES.filter((role) => routeAllows(rolePermissionMap(role), route));

const permissionText = (route: TRouteSpec): string => {
  const needs = [...(route.permission ? [route.permission] : []), ...(route.requires ?? [])]
    .map((p) => `\`${p.key}.${p.action}\``)
    .join(" and ");
  const roles = rolesOf(route);
  return [
    needs ? `**Permission:** ${needs}` : "**Permission:** any signed-in account",
    route.pickerOf ? " (or whoever may pick these records in a form)" : "",
    `. **Roles** (as seeded): ${roles.length ? roles.join(", ") : "none"}.`,
  ].join("");
};

/** The permission members of an operation: an integrator reads what an account needs. */
export const permissionExtensions = (route: TRouteSpec) => ({
  "x-permission": route.permission,
  ...(route.requires?.length ? { "x-requires": route.requires } : {}),
  "x-roles": rolesOf(route),
});

const json = (schema: z.ZodType) => ({ [JSONAPI_MEDIA_TYPE]: { schema } });
const jsonBody = (schema: z.ZodType, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: { [JSONAPI_MEDIA_TYPE]: { schema }, "application/json": { schema } },
});

const idParams = (route: TRouteSpec) => {
  const shape: Record<string, z.ZodType> = {};
  for (const [, name] of route.path.matchAll(/:([A-Za-z_]+)/g))
    if (name)
      shape[name] = ZId.meta({ description: name === "parentId" ? "The parent's id." : "The record's id." });
  return Object.keys(shape).length ? { path: z.object(shape) } : {};
};

const sortNames = (def: TResourceDef): string[] => [
  ...Object.entries(def.attributes)
    .filter(([, a]) => a.sortable)
    .map(([n]) => n),
  ...(def.sorts ?? []),
];

const filterSchema = (def: TResourceDef, name: string): z.ZodType => {
  const filter = def.filters?.[name];
  if (!filter) return z.string();
  const options = filter.options?.map((o) => o.value);
  const hint: Record<string, string> = {
    ids: "one id or several, comma separated (`3,5,8`)",
    id: "a record id",
    range: "`from,to` (either may be empty)",
    boolean: "`true` or `false`",
    date: "a day, `yyyy-mm-dd`",
    select: options?.length ? `one of ${options.map((o) => `\`${o}\``).join(", ")}` : "a value",
    text: "text",
  };
  return filter.input.optional().meta({
    description: `${filter.label}: ${hint[filter.kind] ?? filter.kind}. \`all\` or empty means no filter.`,
    "x-filter-kind": filter.kind,
  });
};

/** The query parameters of a list: filters, sort, include, fields, page, search. */
export const listQuery = (def: TResourceDef): z.ZodObject => {
  const shape: Record<string, z.ZodType> = {};
  for (const name of Object.keys(def.filters ?? {})) shape[`filter[${name}]`] = filterSchema(def, name);
  const sorts = sortNames(def);
  shape.sort = z
    .string()
    .optional()
    .meta({
      description: `Comma-separated sort fields, \`-\` first for descending. Default \`${def.defaultSort}\`. Fields: ${sorts.map((s) => `\`${s}\``).join(", ") || "none"}.`,
      example: def.defaultSort,
    });
  const relationships = Object.keys(def.relationships ?? {});
  if (relationships.length)
    shape.include = z
      .string()
      .optional()
      .meta({
        description: `Related records to include (comma separated, dotted paths up to three deep): ${relationships.map((r) => `\`${r}\``).join(", ")}.`,
      });
  shape[`fields[${def.type}]`] = z.string().optional().meta({
    description: `Sparse fieldset: the attribute and relationship names to send back, comma separated. \`fields[<type>]\` works for included types too.`,
  });
  shape["page[number]"] = z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: "Page number, from 1." });
  shape["page[size]"] = z.coerce
    .number()
    .int()
    .min(1)
    .max(def.maxPageSize ?? MAX_PAGE_SIZE)
    .optional()
    .meta({ description: `Records per page (default ${DEFAULT_PAGE_SIZE}).` });
  if (def.search?.length !== 0)
    shape.search = z
      .string()
      .max(200)
      .optional()
      .meta({
        description: def.search?.length
          ? `Words, each found in one of ${def.search.map((s) => `\`${s}\``).join(", ")} (case-insensitive).`
          : "Words to search for.",
      });
  return z.object(shape);
};

const showQuery = (def: TResourceDef): z.ZodObject => {
  const relationships = Object.keys(def.relationships ?? {});
  return z.object({
    ...(relationships.length
      ? {
          include: z
            .string()
            .optional()
            .meta({
              description: `Related records to include: ${relationships.map((r) => `\`${r}\``).join(", ")}.`,
            }),
        }
      : {}),
    [`fields[${def.type}]`]: z.string().optional().meta({ description: "Sparse fieldset." }),
  });
};

const responses = (
  success: ZodOpenApiResponsesObject,
  errors: readonly number[],
  authenticated = true,
): ZodOpenApiResponsesObject => {
  const withHeaders = Object.fromEntries(
    Object.entries(success).map(([status, response]: [string, object]) => [
      status,
      authenticated && !("$ref" in response) ? { ...response, headers: sessionHeaders() } : response,
    ]),
  ) as ZodOpenApiResponsesObject;
  return { ...withHeaders, ...errorResponses(errors) };
};

/** Any request may carry a body the parsers refuse (too large, another media type). */
const READ_ERRORS = [400, 401, 403, 404, 413, 415, 429, 503] as const;
const WRITE_ERRORS = [400, 401, 403, 404, 409, 413, 415, 422, 429, 503] as const;

/** An action's input: the query of a GET (each member a parameter), else the body (`{data: {attributes}}` or the bare object). */
const actionRequest = (def: TResourceDef, action: TActionDef, method: string) => {
  const input = action.input;
  if (method === "get") {
    if (!input) return {};
    if (input instanceof z.ZodObject) {
      const shape: Record<string, z.ZodType> = {};
      for (const [key, value] of Object.entries<z.ZodType>(input.shape)) {
        const isObject =
          value instanceof z.ZodRecord ||
          (value instanceof z.ZodOptional && value.unwrap() instanceof z.ZodRecord);
        shape[key] = isObject ? value.meta({ param: { style: "deepObject", explode: true } }) : value;
      }
      return { requestParams: { query: z.object(shape) } };
    }
    return {};
  }
  if (action.upload) {
    const rules = action.upload === true ? { accept: "applicantFile", fields: ["file"] } : action.upload;
    const shape: Record<string, z.ZodType> = {};
    for (const field of rules.fields ?? ["file"])
      shape[field] = z
        .string()
        .optional()
        .meta({
          format: "binary",
          description: `A file (${rules.accept === "image" ? "an image" : "an image, PDF or office document"}).`,
        });
    const fields = input instanceof z.ZodObject ? (input.shape as Record<string, z.ZodType>) : {};
    return {
      requestBody: {
        required: true,
        content: { "multipart/form-data": { schema: z.object({ ...fields, ...shape }) } },
      },
    };
  }
  if (!input) return {};
  const wrapped = z.object({
    data: z.object({ type: z.literal(def.type).optional(), attributes: input }),
  });
  return {
    requestBody: {
      required: true,
      content: {
        [JSONAPI_MEDIA_TYPE]: { schema: z.union([wrapped, input]) },
        "application/json": { schema: z.union([wrapped, input]) },
      },
    },
  };
};

/** An action's request with its path's ids among the parameters. */
const withPathParams = (route: TRouteSpec, request: ReturnType<typeof actionRequest>) => {
  const path = idParams(route);
  if (!("path" in path)) return request;
  const query = "requestParams" in request ? request.requestParams?.query : undefined;
  return { ...request, requestParams: { ...path, ...(query ? { query } : {}) } };
};

/** Declared actions answer a JSON:API document, the plain shape the spec names, a file, or nothing. */
const actionResponses = (): ZodOpenApiResponsesObject => ({
  "200": {
    description:
      "The action's answer: a JSON document (JSON:API, or the plain shape the spec names for it), or a file (an export or a print-out, named by Content-Disposition).",
    content: {
      [JSONAPI_MEDIA_TYPE]: { schema: z.unknown() },
      "application/octet-stream": { schema: z.string().meta({ format: "binary" }) },
    },
  },
  "201": { description: "Created.", content: json(z.unknown()) },
  "202": {
    description:
      "Accepted: the work runs as a background task (its progress is a `background_tasks` record).",
    content: json(z.unknown()),
  },
  "204": { description: "Done; no body." },
});

export interface TOperation {
  path: string;
  method: TRouteSpec["method"];
  operation: ZodOpenApiOperationObject;
}

/** The operation of one route of the route table. */
export const operationOf = (route: TRouteSpec, def: TResourceDef): TOperation => {
  const path = openApiPath(route.path);
  const tag = def.type;
  const base = {
    tags: [tag],
    security: SESSION_SECURITY,
    ...permissionExtensions(route),
    "x-route-kind": route.kind,
  };
  const describe = (summary: string, text = "") => ({
    summary,
    description: [text, permissionText(route)].filter(Boolean).join("\n\n"),
  });
  const op = (operationId: string, o: Omit<ZodOpenApiOperationObject, "operationId">): TOperation => ({
    path,
    method: route.method,
    operation: { ...base, operationId, ...o },
  });
  const one = def.label.one.toLowerCase();
  switch (route.kind) {
    case "list":
      return op(`${def.type}.list`, {
        ...describe(`List ${def.label.many.toLowerCase()}`, "A page of records, filtered, searched, sorted."),
        requestParams: { query: listQuery(def) },
        responses: responses(
          { "200": { description: "A page.", content: json(listDocument(def)) } },
          READ_ERRORS,
        ),
      });
    case "show":
      return op(`${def.type}.show`, {
        ...describe(`Show a ${one}`),
        requestParams: { ...idParams(route), query: showQuery(def) },
        responses: responses(
          { "200": { description: "The record.", content: json(singleDocument(def)) } },
          READ_ERRORS,
        ),
      });
    case "create":
      return op(`${def.type}.create`, {
        ...describe(`Create a ${one}`),
        requestBody: jsonBody(writeBody(def, "create")),
        responses: responses(
          { "201": { description: "Created.", content: json(singleDocument(def)) } },
          WRITE_ERRORS,
        ),
      });
    case "update":
      return op(`${def.type}.update`, {
        ...describe(
          `Update a ${one}`,
          "Only the attributes and relationships sent change; a to-many sent replaces the set.",
        ),
        requestParams: idParams(route),
        requestBody: jsonBody(writeBody(def, "update")),
        responses: responses(
          { "200": { description: "Updated.", content: json(singleDocument(def)) } },
          WRITE_ERRORS,
        ),
      });
    case "delete":
      return op(`${def.type}.delete`, {
        ...describe(`Delete a ${one}`),
        requestParams: idParams(route),
        responses: responses(
          { "204": { description: "Deleted." } },
          [400, 401, 403, 404, 409, 413, 415, 429, 503],
        ),
      });
    case "versions":
      return op(`${def.type}.versions`, {
        ...describe(
          `History of a ${one}`,
          "Who changed what and when, the records that belong to it included.",
        ),
        requestParams: {
          ...idParams(route),
          query: z.object({
            "page[number]": z.coerce.number().int().min(1).optional(),
            "page[size]": z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
          }),
        },
        responses: responses(
          { "200": { description: "A page of versions.", content: json(ZVersionsDocument) } },
          READ_ERRORS,
        ),
      });
    case "relationship": {
      const name = route.relationship ?? "";
      const rel = def.relationships?.[name];
      if (!rel) throw new Error(`${def.type}: no relationship ${name}`);
      const verb = { get: "Read", patch: "Replace", post: "Add to", delete: "Remove from" }[route.method];
      return op(`${def.type}.relationships.${name}.${route.method}`, {
        ...describe(
          `${verb} the ${rel.label.toLowerCase()} of a ${one}`,
          rel.permission && route.method !== "get"
            ? `Writing it also needs \`${rel.permission}.update\`.`
            : "",
        ),
        requestParams: idParams(route),
        ...(route.method === "get" ? {} : { requestBody: jsonBody(relationshipBody(def, rel)) }),
        responses: responses(
          { "200": { description: "The relationship's linkage.", content: json(relationshipDocument(rel)) } },
          route.method === "get" ? READ_ERRORS : WRITE_ERRORS,
        ),
      });
    }
    case "nested":
    case "nested-create": {
      const parent = def.parents?.find((p) => p.relationship === route.parent);
      if (!parent) throw new Error(`${def.type}: nested route without a parent`);
      const segment = parent.path ?? def.type;
      if (route.kind === "nested")
        return op(`${parent.type}.${segment}.list`, {
          ...describe(
            `List the ${def.label.many.toLowerCase()} of a ${parent.type} record`,
            "The parent must exist and be readable.",
          ),
          requestParams: { ...idParams(route), query: listQuery(def) },
          responses: responses(
            { "200": { description: "A page.", content: json(listDocument(def)) } },
            READ_ERRORS,
          ),
        });
      return op(`${parent.type}.${segment}.create`, {
        ...describe(
          `Create a ${one} under a ${parent.type} record`,
          `\`${parent.relationship}\` is the parent of the path.`,
        ),
        requestParams: idParams(route),
        requestBody: jsonBody(writeBody(def, "create", parent.relationship)),
        responses: responses(
          { "201": { description: "Created.", content: json(singleDocument(def)) } },
          WRITE_ERRORS,
        ),
      });
    }
    case "files": {
      const attribute = route.attribute ?? "";
      const attr = def.attributes[attribute];
      const multiple = attr?.file?.multiple || attr?.kind === "files";
      if (route.method === "post")
        return op(`${def.type}.files.${attribute}.upload`, {
          ...describe(
            `Upload the ${attr?.label.toLowerCase() ?? attribute} of a ${one}`,
            `multipart/form-data, field \`file\`${multiple ? " (repeat it for several; they are added in order)" : " (replaces the stored one)"}. The type is checked by content (${attr?.file?.accept === "image" ? "images" : "images, PDF, office documents"}). Download a stored file with \`GET /api/files/{id}\`.`,
          ),
          requestParams: idParams(route),
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: z.object({
                  file: multiple
                    ? z.array(z.string().meta({ format: "binary" }))
                    : z.string().meta({ format: "binary" }),
                }),
              },
            },
          },
          responses: responses(
            { "200": { description: "The record with its files.", content: json(singleDocument(def)) } },
            WRITE_ERRORS,
          ),
        });
      return op(`${def.type}.files.${attribute}.order`, {
        ...describe(
          `Order the ${attr?.label.toLowerCase() ?? attribute} of a ${one}`,
          "The stored files' ids in their new order.",
        ),
        requestParams: idParams(route),
        requestBody: jsonBody(z.object({ ids: z.array(z.number().int().positive()).max(500) })),
        responses: responses(
          { "200": { description: "The record with its files.", content: json(singleDocument(def)) } },
          WRITE_ERRORS,
        ),
      });
    }
    case "action": {
      const name = route.action ?? "";
      const action = def.actions?.[name];
      if (!action) throw new Error(`${def.type}: no action ${name}`);
      return op(
        `${def.type}.${name}${route.method.toUpperCase() === action.method ? "" : `.${route.method}`}`,
        {
          ...describe(
            action.label,
            [
              action.on === "member"
                ? `An action on one ${action.record ?? def.type} record (it must exist and be readable).`
                : "",
              route.method.toUpperCase() === action.method ? "" : `Also served on ${action.method}.`,
            ]
              .filter(Boolean)
              .join(" "),
          ),
          ...withPathParams(route, actionRequest(def, action, route.method)),
          responses: responses(
            actionResponses(),
            // 502/504: an action that calls an outside service (a crew job site) that failed or timed out.
            route.method === "get" ? [...READ_ERRORS, 409, 422, 502, 504] : [...WRITE_ERRORS, 502, 504],
          ),
        },
      );
    }
    case "options":
      throw new Error("select_options is one operation for every type");
  }
};

export { resourceObject };
