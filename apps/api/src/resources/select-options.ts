import { MAX_PAGE_SIZE, can, type TListDocument } from "@crew/contracts";
import { Router } from "express";
import { z } from "zod";
import { AppError } from "../errors/app-error.js";
import { actorOf } from "../http/context.js";
import { parseAttributes } from "../kernel/action-body.js";
import { camel } from "../kernel/naming.js";
import { respond } from "../kernel/respond.js";
import type { TResourceEntry } from "../kernel/resource-service.js";

const ZQuery = z.strictObject({
  type: z.string().min(1, "can't be blank"),
  q: z.string().max(200).optional(),
  page: z.strictObject({ size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional() }).optional(),
});

/**
 * GET /api/select_options?type=&q=: {id, label} pairs for dropdowns over any selectable
 * resource the caller may read, matched by its title attribute (case-insensitive).
 */
export const selectOptionsRouter = (registry: Map<string, TResourceEntry>): Router => {
  const router = Router();
  router.get("/select_options", async (req, res) => {
    const actor = actorOf(req);
    let query: z.infer<typeof ZQuery>;
    try {
      query = parseAttributes(undefined, ZQuery, req.query);
    } catch (e) {
      if (e instanceof AppError && e.status === 422) throw AppError.badRequest(`select_options: ${e.message}`, "type");
      throw e;
    }
    const entry = registry.get(query.type);
    if (!entry || !entry.def.selectable) throw AppError.badRequest(`No options of type '${query.type}'`, "type");
    if (!can(actor.permissions, entry.def.permission, "read")) throw AppError.forbidden(`Your role may not read ${entry.def.permission}.`);
    const field = camel(entry.def.titleAttribute);
    const where = query.q ? { [field]: { contains: query.q.trim(), mode: "insensitive" } } : {};
    const rows = await entry.store.findMany({ where, orderBy: [{ [field]: "asc" }, { id: "asc" }], take: query.page?.size ?? 50 });
    const doc: Omit<TListDocument, "links"> = {
      data: rows.map((r) => ({ type: "select_options", id: String(r.id), attributes: { label: typeof r[field] === "string" ? r[field] : "", value: String(r.id) } })),
      meta: { count: rows.length, total: rows.length },
    };
    respond(res, 200, doc);
  });
  return router;
};
