import { Router } from "express";
import type { TDb } from "../../db/client.js";
import { actorOf } from "../../http/context.js";
import { respond } from "../../kernel/respond.js";
import { notificationsService } from "./notifications-service.js";


/** Spec 000 7.4: count, pop-up, mark one/all shown/read, clear all (clear one is the generic DELETE). */
export const notificationsRouter = (db: TDb): Router => {
  const router = Router();
  const service = notificationsService(db);
  router.get("/notifications/notification_count", async (req, res) => respond(res, 200, await service.count(actorOf(req))));
  router.get("/notifications/notification_pop_up", async (req, res) => respond(res, 200, await service.popUp(actorOf(req))));
  router.post("/notifications/mark_as_shown", async (req, res) => respond(res, 200, { meta: await service.markSome(actorOf(req), req.body, "shown") }));
  router.post("/notifications/mark_as_read", async (req, res) => respond(res, 200, { meta: await service.markSome(actorOf(req), req.body, "read") }));
  router.post("/notifications/mark_all_shown", async (req, res) => respond(res, 200, { meta: await service.mark(actorOf(req), "all", "shown") }));
  router.post("/notifications/mark_all_read", async (req, res) => respond(res, 200, { meta: await service.mark(actorOf(req), "all", "read") }));
  router.delete("/notifications", async (req, res) => {
    await service.clearAll(actorOf(req));
    respond(res, 204);
  });
  return router;
};
