import { can, resourceByType } from "@crew/contracts";
import { Router } from "express";
import { AppError } from "../errors/app-error.js";
import { actorOf } from "../http/context.js";
import type { TEventBus } from "./event-bus.js";

/** A comment line now and then keeps proxies and browsers from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * GET /api/live?types=time_plans,crew_changes: a server-sent event stream of changes to the
 * named types the caller may read. Each event says which records changed; the client reads
 * them again through the ordinary (permission- and scope-checked) routes.
 */
export const liveRouter = (bus: TEventBus): Router => {
  const router = Router();
  router.get("/live", (req, res) => {
    const actor = actorOf(req);
    const raw = req.query.types;
    if (typeof raw !== "string" || !raw)
      throw AppError.badRequest("types names the resources to follow, comma separated", "types");
    const types = new Set(
      raw
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    );
    for (const type of types) {
      const def = resourceByType(type);
      if (!def || !def.live) throw AppError.badRequest(`No live events of type '${type}'`, "types");
      if (!can(actor.permissions, def.permission, "read"))
        throw AppError.forbidden(`Your role may not read ${def.permission}.`);
    }
    res.status(200);
    res.setHeader("Content-Type", "text/event-stream");
    res.setHeader("Cache-Control", "no-cache, no-transform");
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();
    res.write(": connected\n\n");
    // Types followed only by their recipients: an event reaches the clients it names, no one else.
    const addressed = new Set([...types].filter((t) => resourceByType(t)?.live === "recipients"));
    const unsubscribe = bus.subscribe((event) => {
      if (!types.has(event.type)) return;
      if (addressed.has(event.type) && !event.to?.includes(actor.id)) return;
      res.write(
        `event: change\ndata: ${JSON.stringify({ type: event.type, ids: event.ids, event: event.event, actor_id: event.actorId, at: event.at })}\n\n`,
      );
    });
    const timer = setInterval(() => res.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    req.on("close", () => {
      clearInterval(timer);
      unsubscribe();
    });
  });
  return router;
};
