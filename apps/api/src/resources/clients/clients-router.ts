import { ZProfileChange, ZStatusChange, ZTagsChange, type TResourceDef, clients } from "@crew/contracts";
import { Router, type RequestHandler } from "express";
import type { z } from "zod";
import type { TDb } from "../../db/client.js";
import { actorOf } from "../../http/context.js";
import { respond } from "../../kernel/respond.js";
import { parseAttributes } from "../../kernel/action-body.js";
import { parseId } from "../../kernel/write-body.js";
import { TAG_ACTIONS, clientsService, type TTagAction } from "./clients-service.js";

const def: TResourceDef = clients;

/** Bespoke crew-user routes, mounted before the generic ones (so /clients/me is not an id). */
export const clientsRouter = (db: TDb): Router => {
  const router = Router();
  const service = clientsService(db);
  const attrs = <S extends z.ZodType>(schema: S, body: unknown) => parseAttributes(def, schema, body);

  router.get("/clients/me", async (req, res) => respond(res, 200, await service.showProfile(actorOf(req))));
  router.patch("/clients/me", async (req, res) =>
    respond(res, 200, await service.updateProfile(actorOf(req), attrs(ZProfileChange, req.body))),
  );
  router.patch("/clients/:id/status", async (req, res) =>
    respond(res, 200, await service.changeStatus(actorOf(req), parseId(req.params.id), attrs(ZStatusChange, req.body))),
  );
  for (const action of Object.keys(TAG_ACTIONS) as TTagAction[]) {
    const handler: RequestHandler<{ id: string }> = async (req, res) =>
      respond(res, 200, await service.changeTags(actorOf(req), parseId(req.params.id), action, attrs(ZTagsChange, req.body)));
    router.post(`/clients/:id/${action}`, handler);
    router.patch(`/clients/:id/${action}`, handler);
  }
  return router;
};
