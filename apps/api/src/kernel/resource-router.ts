import { relationshipOf, type TActionDef, type TActionMethod, type TRouteSpec } from "@crew/contracts";
import { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";
import { actorOf } from "../http/context.js";
import { readUpload } from "../storage/upload.js";
import { parseAttributes } from "./action-body.js";
import { actionRoute, param, requestUrl } from "./action-route.js";
import type { TActionHandler } from "./actions.js";
import { fileSpecOf } from "./files-service.js";
import type { TKernelDeps } from "./kernel-deps.js";
import { relationshipFlags, relationshipIds } from "./relationship-body.js";
import { respond } from "./respond.js";
import type { TResourceService } from "./service-types.js";
import { parseId, parseWriteBody } from "./write-body.js";

export { requestUrl } from "./action-route.js";

const query = (req: Request): Record<string, unknown> => req.query;
const idOf = (req: Request): number => parseId(param(req, "id"));

const ZFileOrder = z.strictObject({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(500) });

const RELATIONSHIP_OPS = { patch: "replace", post: "add", delete: "remove" } as const;

/** Served by one route for every type (resources/select-options.ts), not per resource. */
export const SHARED_KINDS: ReadonlySet<TRouteSpec["kind"]> = new Set(["options"]);

/**
 * The handler of one route of the contracts' route table: one line into the service, after
 * the body is parsed. The table decides which routes exist; this decides only what each kind
 * does, so the permission matrix and the fuzzer test exactly what is served.
 */
const handlerOf = (
  route: TRouteSpec,
  service: TResourceService,
  handlers: Readonly<Record<string, TActionHandler<unknown>>>,
  kernel: TKernelDeps,
): RequestHandler => {
  const { def } = service;
  switch (route.kind) {
    case "list":
      return async (req, res) =>
        respond(res, 200, await service.list(actorOf(req), query(req), requestUrl(req)));
    case "show":
      return async (req, res) => respond(res, 200, await service.show(actorOf(req), idOf(req), query(req)));
    case "create":
      return async (req, res) => {
        const actor = actorOf(req);
        service.access(actor, "create");
        respond(res, 201, await service.create(actor, parseWriteBody(def, req.body, "create")));
      };
    case "update":
      return async (req, res) => {
        const actor = actorOf(req);
        service.access(actor, "update");
        const id = idOf(req);
        respond(res, 200, await service.update(actor, id, parseWriteBody(def, req.body, "update", id)));
      };
    case "delete":
      return async (req, res) => {
        await service.remove(actorOf(req), idOf(req));
        respond(res, 204);
      };
    case "versions":
      return async (req, res) =>
        respond(res, 200, await service.versions(actorOf(req), idOf(req), query(req), requestUrl(req)));
    case "files": {
      const attribute = route.attribute ?? "";
      const spec = fileSpecOf(def, attribute);
      // Uploads of a file attribute (multipart, field `file`, repeated for several) and the order of several.
      if (route.method === "post") {
        return async (req, res) => {
          const actor = actorOf(req);
          service.access(actor, "update");
          const { files } = await readUpload(req, res, {
            maxBytes: kernel.config.UPLOAD_MAX_BYTES,
            accept: spec.accept,
            maxFiles: spec.multiple ? 20 : 1,
          });
          respond(res, 200, await service.uploadFiles(actor, idOf(req), attribute, files));
        };
      }
      return async (req, res) => {
        const actor = actorOf(req);
        service.access(actor, "update");
        const { ids } = parseAttributes(def, ZFileOrder, req.body);
        respond(res, 200, await service.reorderFiles(actor, idOf(req), attribute, ids));
      };
    }
    case "relationship": {
      const name = route.relationship ?? "";
      if (route.method === "get")
        return async (req, res) =>
          respond(res, 200, await service.relationship(actorOf(req), idOf(req), name));
      const op = RELATIONSHIP_OPS[route.method];
      return async (req, res) => {
        const actor = actorOf(req);
        service.access(actor, "update");
        const id = idOf(req);
        await service.writeRelationship(
          actor,
          id,
          name,
          op,
          relationshipIds(def, name, req.body),
          relationshipFlags(def, req.body),
        );
        respond(res, 200, await service.relationship(actor, id, name));
      };
    }
    case "nested":
    case "nested-create": {
      const parent = (def.parents ?? []).find((p) => p.relationship === route.parent);
      if (!parent) throw new Error(`${def.type}: nested route ${route.path} has no parent`);
      const scopeOf = (req: Request) => ({
        type: parent.type,
        id: parseId(param(req, "parentId")),
        relationship: parent.relationship,
      });
      if (route.kind === "nested") {
        return async (req, res) => {
          const actor = actorOf(req);
          service.access(actor, "read");
          const scope = scopeOf(req);
          await service.parentReadable(actor, scope);
          respond(res, 200, await service.list(actor, query(req), requestUrl(req), { parent: scope }));
        };
      }
      return async (req, res) => {
        const actor = actorOf(req);
        service.access(actor, "create");
        const scope = scopeOf(req);
        await service.parentReadable(actor, scope);
        respond(
          res,
          201,
          await service.create(
            actor,
            parseWriteBody(def, req.body, "create", undefined, [parent.relationship]),
            // Checked above, before the body, so a parent out of reach is a 404 whatever the body says.
            { ...scope, checked: true },
          ),
        );
      };
    }
    case "action": {
      const name = route.action ?? "";
      const action: TActionDef | undefined = def.actions?.[name];
      const handler = handlers[name];
      if (!action || !handler) throw new Error(`No handler for action ${def.type}.${name}`);
      return actionRoute(service, action, route.method.toUpperCase() as TActionMethod, handler, kernel);
    }
    case "options":
      throw new Error(`${route.kind} routes are served once for every type`);
  }
};

/** A router of the given routes of one resource (paths of the table, which start with /api, as mounted under /api). */
export const routesRouter = (
  service: TResourceService,
  routes: readonly TRouteSpec[],
  handlers: Readonly<Record<string, TActionHandler<unknown>>>,
  kernel: TKernelDeps,
): Router => {
  const router = Router();
  for (const route of routes) {
    const path = route.path.replace(/^\/api/, "");
    router[route.method](path, handlerOf(route, service, handlers, kernel));
    // JSON:API answers an unsupported relationship update with 403: adding to or removing from
    // a to-one is refused by the service (after the same checks), not left to the unknown-route 404.
    if (
      route.kind === "relationship" &&
      route.method === "patch" &&
      relationshipOf(service.def, route.relationship ?? "")?.cardinality === "one"
    ) {
      for (const method of ["post", "delete"] as const)
        router[method](path, handlerOf({ ...route, method }, service, handlers, kernel));
    }
  }
  return router;
};
