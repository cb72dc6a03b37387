import { Router, type RequestHandler } from "express";
import type { TDb } from "../../db/client.js";
import { actorOf } from "../../http/context.js";
import { respond } from "../../kernel/respond.js";
import { parseId } from "../../kernel/write-body.js";
import { TAG_ACTIONS, clientsService, type TTagAction } from "./clients-service.js";

/** Bespoke crew-user routes, mounted before the generic ones (so /clients/me is not an id). */
export const clientsRouter = (db: TDb): Router => {
  const router = Router();
  const service = clientsService(db);
  router.get("/clients/me", async (req, res) => respond(res, 200, await service.showProfile(actorOf(req))));
  router.patch("/clients/me", async (req, res) => respond(res, 200, await service.updateProfile(actorOf(req), req.body)));
  router.patch("/clients/:id/status", async (req, res) =>
    respond(res, 200, await service.changeStatus(actorOf(req), parseId(req.params.id), req.body)),
  );
  for (const action of Object.keys(TAG_ACTIONS) as TTagAction[]) {
    const handler: RequestHandler<{ id: string }> = async (req, res) =>
      respond(res, 200, await service.changeTags(actorOf(req), parseId(req.params.id), action, req.body));
    router.post(`/clients/:id/${action}`, handler);
    router.patch(`/clients/:id/${action}`, handler);
  }
  return router;
};
