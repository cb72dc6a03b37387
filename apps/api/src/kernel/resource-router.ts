import {
  actionPath, actionPermission, nestedPath, relationshipOf, ZResourceIdentifier,
  type TActionDef, type TActionMethod, type TActionUpload, type TResourceDef,
} from "@crew/contracts";
import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { actorOf } from "../http/context.js";
import { AppError, type TFieldIssue } from "../errors/app-error.js";
import { requireAccess } from "./access.js";
import { parseAttributes } from "./action-body.js";
import type { TActionHandler, TActionResult } from "./actions.js";
import type { TKernelDeps } from "./kernel-deps.js";
import { respond, sendFile } from "./respond.js";
import type { TResourceService } from "./service-types.js";
import { parseId, parseLinkage, parseWriteBody } from "./write-body.js";
import { fileAttributes, fileSpecOf } from "./files-service.js";
import { readUpload, type TUpload } from "../storage/upload.js";

const query = (req: Request): Record<string, unknown> => req.query;
/** A path parameter; the routes here name each one, so it is always a single string. */
const param = (req: Request, name: string): string => {
  const value: unknown = req.params[name];
  return typeof value === "string" ? value : "";
};
/** Absolute address of the list, for its pagination links. */
export const requestUrl = (req: Request): string => `${req.protocol}://${req.get("host") ?? "localhost"}${req.baseUrl}${req.path}`;

const ZRelationshipBody = z.object({ data: z.union([ZResourceIdentifier, z.array(ZResourceIdentifier), z.null()]) });

/** Ids of a relationship endpoint's body (JSON:API: `{data: identifier | [identifiers] | null}`). */
/**
 * The type of `{data: {type, id: null}}`, which clears a to-one as `{data: null}` does: the
 * spec's clients unassign a vessel's coordinator so (`{id: null, type: 'clients'}`).
 */
const clearedType = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null || !("data" in body)) return undefined;
  const data: unknown = body.data;
  if (typeof data !== "object" || data === null || Array.isArray(data) || !("id" in data) || data.id !== null) return undefined;
  return "type" in data && typeof data.type === "string" ? data.type : undefined;
};

const relationshipIds = (def: TResourceDef, name: string, body: unknown): number[] => {
  const rel = relationshipOf(def, name);
  if (!rel) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
  const cleared = rel.cardinality === "one" ? clearedType(body) : undefined;
  if (cleared !== undefined && cleared !== rel.type) throw AppError.conflict(`Relationship '${name}' must be of type '${rel.type}'`);
  const parsed = ZRelationshipBody.safeParse(cleared === undefined ? body : { data: null });
  if (!parsed.success) throw AppError.badRequest("The body must be {\"data\": a resource identifier, an array of them, or null}");
  const issues: TFieldIssue[] = [];
  const ids = parseLinkage(name, rel.type, parsed.data.data, rel.cardinality, issues);
  // A required to-one cannot be cleared (its column is NOT NULL).
  if (ids && rel.required && rel.cardinality === "one" && ids.length === 0) issues.push({ field: name, message: "must exist", location: "relationships" });
  if (issues.length || !ids) throw AppError.invalid(issues);
  return ids;
};

/**
 * The declared top-level members of a relationship write besides `data` (definition
 * `relationshipFlags`), validated; an undeclared one is 400 where the definition declares any.
 */
const relationshipFlags = (def: TResourceDef, body: unknown): Record<string, unknown> => {
  const declared = def.relationshipFlags;
  const flags: Record<string, unknown> = {};
  if (!declared || typeof body !== "object" || body === null) return flags;
  for (const [key, value] of Object.entries(body)) {
    if (key === "data" || key === "meta") continue;
    const schema = Object.hasOwn(declared, key) ? declared[key] : undefined;
    if (!schema) throw AppError.badRequest(`Unknown member '${key}' of a ${def.type} relationship write`, key);
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw AppError.badRequest(`${key}: ${parsed.error.issues[0]?.message ?? "invalid value"}`, key);
    flags[key] = parsed.data;
  }
  return flags;
};

/**
 * The generic routes of one resource, from its definition's verbs: list, show, create,
 * update, delete and the relationship endpoints. Handlers are one line into the service.
 */
const ZFileOrder = z.strictObject({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(500) });

export const resourceRouter = (service: TResourceService, kernel: TKernelDeps): Router => {
  const router = Router();
  const { def } = service;
  const base = `/${def.type}`;
  const verbs = new Set(def.verbs);

  if (verbs.has("list")) router.get(base, async (req, res) => respond(res, 200, await service.list(actorOf(req), query(req), requestUrl(req))));
  if (verbs.has("show")) router.get(`${base}/:id`, async (req, res) => respond(res, 200, await service.show(actorOf(req), parseId(param(req, "id")), query(req))));
  if (verbs.has("create")) {
    router.post(base, async (req, res) => {
      const actor = actorOf(req);
      service.access(actor, "create");
      respond(res, 201, await service.create(actor, parseWriteBody(def, req.body, "create")));
    });
  }
  if (verbs.has("update")) {
    router.patch(`${base}/:id`, async (req, res) => {
      const actor = actorOf(req);
      service.access(actor, "update");
      const id = parseId(param(req, "id"));
      respond(res, 200, await service.update(actor, id, parseWriteBody(def, req.body, "update", id)));
    });
  }
  if (verbs.has("delete")) {
    router.delete(`${base}/:id`, async (req, res) => {
      await service.remove(actorOf(req), parseId(param(req, "id")));
      respond(res, 204);
    });
  }
  if (def.history !== false && verbs.has("show")) {
    router.get(`${base}/:id/versions`, async (req, res) =>
      respond(res, 200, await service.versions(actorOf(req), parseId(param(req, "id")), query(req), requestUrl(req))),
    );
  }
  if (verbs.has("update") && fileAttributes(def).length) {
    // Uploads of a file attribute (multipart, field `file`, repeated for several) and the order of several.
    router.post(`${base}/:id/files/:attribute`, async (req, res) => {
      const actor = actorOf(req);
      service.access(actor, "update");
      const attribute = param(req, "attribute");
      const spec = fileSpecOf(def, attribute);
      const { files } = await readUpload(req, res, { maxBytes: kernel.config.UPLOAD_MAX_BYTES, accept: spec.accept, maxFiles: spec.multiple ? 20 : 1 });
      respond(res, 200, await service.uploadFiles(actor, parseId(param(req, "id")), attribute, files));
    });
    router.patch(`${base}/:id/files/:attribute`, async (req, res) => {
      const actor = actorOf(req);
      service.access(actor, "update");
      const { ids } = parseAttributes(def, ZFileOrder, req.body);
      respond(res, 200, await service.reorderFiles(actor, parseId(param(req, "id")), param(req, "attribute"), ids));
    });
  }
  if (def.relationships) {
    const path = `${base}/:id/relationships/:name`;
    router.get(path, async (req, res) => respond(res, 200, await service.relationship(actorOf(req), parseId(param(req, "id")), param(req, "name"))));
    if (verbs.has("update")) {
      const ops = { patch: "replace", post: "add", delete: "remove" } as const;
      for (const [method, op] of Object.entries(ops) as [keyof typeof ops, (typeof ops)[keyof typeof ops]][]) {
        router[method](path, async (req, res) => {
          const actor = actorOf(req);
          service.access(actor, "update");
          const id = parseId(param(req, "id"));
          await service.writeRelationship(actor, id, param(req, "name"), op, relationshipIds(def, param(req, "name"), req.body), relationshipFlags(def, req.body));
          respond(res, 200, await service.relationship(actor, id, param(req, "name")));
        });
      }
    }
  }
  return router;
};

/** Lists (and creates, where declared) of a resource under its parents: `/{parent}/:parentId/{path}`. */
export const nestedRouter = (service: TResourceService): Router => {
  const router = Router();
  const { def } = service;
  for (const parent of def.parents ?? []) {
    const path = nestedPath(def, parent);
    router.get(path, async (req, res) => {
      const scope = { type: parent.type, id: parseId(param(req, "parentId")), relationship: parent.relationship };
      const actor = actorOf(req);
      service.access(actor, "read");
      await service.parentReadable(actor, scope);
      respond(res, 200, await service.list(actor, query(req), requestUrl(req), { parent: scope }));
    });
    if (parent.create) {
      router.post(path, async (req, res) => {
        const actor = actorOf(req);
        service.access(actor, "create");
        const scope = { type: parent.type, id: parseId(param(req, "parentId")), relationship: parent.relationship };
        await service.parentReadable(actor, scope);
        respond(res, 201, await service.create(actor, parseWriteBody(def, req.body, "create", undefined, [parent.relationship]), scope));
      });
    }
  }
  return router;
};

const METHODS: Record<TActionMethod, "get" | "post" | "patch" | "delete"> = { GET: "get", POST: "post", PATCH: "patch", DELETE: "delete" };

/** An upload action's rules: `true` takes the widest set in the field `file`. */
const uploadRules = (upload: TActionDef["upload"]): TActionUpload | undefined =>
  upload === true ? { accept: "applicantFile", fields: ["file"] } : upload || undefined;

const sendResult = (res: Response, result: TActionResult): void => {
  if (result === undefined) return respond(res, 204);
  if ("file" in result) return sendFile(res, result.file);
  respond(res, result.status ?? 200, result.document);
};

/**
 * The declared actions of a resource: permission from the definition, input validated by its
 * zod (the query of a GET, else the body), a member's record checked readable, then the
 * handler of the binding.
 */
export const actionsRouter = (service: TResourceService, handlers: Readonly<Record<string, TActionHandler<unknown>>>, kernel: TKernelDeps): Router => {
  const router = Router();
  const { def } = service;
  for (const [name, action] of Object.entries<TActionDef>(def.actions ?? {})) {
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for action ${def.type}.${name}`);
    const permission = actionPermission(def, action);
    for (const method of [action.method, ...(action.alsoMethods ?? [])]) {
      router[METHODS[method]](actionPath(def, name, action), async (req, res) => {
        const actor = actorOf(req);
        if (permission) requireAccess(actor, permission.key, permission.action);
        const id = action.on === "member" ? parseId(param(req, "id")) : undefined;
        const rules = method === "GET" ? undefined : uploadRules(action.upload);
        let raw: unknown = method === "GET" ? req.query : req.body;
        let uploads: TUpload[] = [];
        if (rules) {
          // multipart: files checked by content (415 when not multipart, 413 too large, 422 refused type), text fields as the input.
          const upload = await readUpload(req, res, { maxBytes: kernel.config.UPLOAD_MAX_BYTES, accept: rules.accept, maxFiles: rules.maxFiles ?? 1, ...(rules.fields ? { fields: rules.fields } : {}) });
          uploads = upload.files;
          raw = upload.fields;
        }
        const input: unknown = action.input ? parseAttributes(def, action.input, raw) : undefined;
        if (id !== undefined) {
          // An action under the record's own key reads it as show does; one with a key of its own checks only the scope.
          const owner = action.record ? kernel.serviceOf(action.record) : service;
          if (permission?.key === owner.def.permission) await owner.find(actor, id);
          else await owner.findInScope(actor, id);
        }
        const result = await handler({
          actor,
          id,
          input,
          uploads,
          repo: service.repository(),
          transaction: (fn) => kernel.write(actor, (tx) => fn(service.repository(tx))),
          serialize: (row) => service.serialize(row, actor),
          def,
          url: requestUrl(req),
          kernel,
        });
        sendResult(res, result);
      });
    }
  }
  return router;
};
