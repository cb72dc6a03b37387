import { Router, type Request } from "express";
import { actorOf } from "../http/context.js";
import { AppError } from "../errors/app-error.js";
import { respond } from "./respond.js";
import type { TResourceService } from "./resource-service.js";
import { parseId, parseWriteBody } from "./write-body.js";

const query = (req: Request): Record<string, unknown> => req.query;
/** Absolute address of the list, for its pagination links. */
export const requestUrl = (req: Request): string => `${req.protocol}://${req.get("host") ?? "localhost"}${req.baseUrl}${req.path}`;

/**
 * The generic routes of one resource, from its definition's verbs. Handlers are one line
 * into the service; bespoke routes of a resource are mounted before these.
 */
export const resourceRouter = (service: TResourceService): Router => {
  const router = Router();
  const { def } = service;
  const base = `/${def.type}`;
  const verbs = new Set(def.verbs);

  if (verbs.has("list")) router.get(base, async (req, res) => respond(res, 200, await service.list(actorOf(req), query(req), requestUrl(req))));
  if (verbs.has("show")) router.get(`${base}/:id`, async (req, res) => respond(res, 200, await service.show(actorOf(req), parseId(req.params.id), query(req))));
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
      const id = parseId(req.params.id);
      respond(res, 200, await service.update(actor, id, parseWriteBody(def, req.body, "update", id)));
    });
  }
  if (verbs.has("delete")) {
    router.delete(`${base}/:id`, async (req, res) => {
      await service.remove(actorOf(req), parseId(req.params.id));
      respond(res, 204);
    });
  }
  if (def.relationships) {
    router.get(`${base}/:id/relationships/:name`, async (req, res) =>
      respond(res, 200, await service.relationship(actorOf(req), parseId(req.params.id), req.params.name)),
    );
    if (verbs.has("update")) {
      router.patch(`${base}/:id/relationships/:name`, async (req, res) => {
        const actor = actorOf(req);
        service.access(actor, "update");
        const id = parseId(req.params.id);
        const name = req.params.name;
        if (!def.relationships?.[name]) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
        const body: unknown = req.body;
        const input = parseWriteBody(def, { data: { type: def.type, relationships: { [name]: body } } }, "update", id);
        await service.update(actor, id, input);
        respond(res, 200, await service.relationship(actor, id, name));
      });
      for (const method of ["post", "delete"] as const) {
        router[method](`${base}/:id/relationships/:name`, () => {
          throw AppError.badRequest("This is a to-one relationship: replace it with PATCH.");
        });
      }
    }
  }
  return router;
};
