import { Router } from "express";
import type { TTx } from "../../db/client.js";
import { AppError } from "../../errors/app-error.js";
import { actorOf } from "../../http/context.js";
import { respond } from "../../kernel/respond.js";
import { requestUrl } from "../../kernel/resource-router.js";
import { idOf } from "../../kernel/write-body.js";
import { effectivePermissions } from "./effective-permissions.js";

/** filter[client_id] answers the client's effective records; other lists fall through to the generic route. */
export const permissionsRouter = (db: TTx): Router => {
  const router = Router();
  router.get("/permissions", async (req, res, next) => {
    const filter = req.query.filter;
    const raw =
      typeof filter === "object" && filter !== null && !Array.isArray(filter)
        ? (filter as Record<string, unknown>).client_id
        : undefined;
    if (raw === undefined || raw === "" || raw === "all") {
      next();
      return;
    }
    const id = typeof raw === "string" ? idOf(raw) : undefined;
    if (id === undefined)
      throw AppError.badRequest("filter[client_id] must be a client id", "filter[client_id]");
    respond(res, 200, await effectivePermissions(db, actorOf(req), id, requestUrl(req)));
  });
  return router;
};
