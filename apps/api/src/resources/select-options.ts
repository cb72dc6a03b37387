import { MAX_PAGE_SIZE, type TListDocument } from "@crew/contracts";
import { Router } from "express";
import { z } from "zod";
import { AppError } from "../errors/app-error.js";
import { actorOf } from "../http/context.js";
import { parseAttributes } from "../kernel/action-body.js";
import type { TKernel } from "../kernel/kernel.js";
import { respond } from "../kernel/respond.js";

const ZQuery = z.strictObject({
  type: z.string().min(1, "can't be blank").max(100),
  q: z.string().max(200).optional(),
  page: z.strictObject({ size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional() }).optional(),
});

/**
 * GET /api/select_options?type=&q=: {id, label} pairs for dropdowns over any selectable
 * resource, through that resource's own permission and scope, matched by its title attribute.
 */
export const selectOptionsRouter = (kernel: TKernel): Router => {
  const router = Router();
  router.get("/select_options", async (req, res) => {
    const actor = actorOf(req);
    let query: z.infer<typeof ZQuery>;
    try {
      query = parseAttributes(undefined, ZQuery, req.query);
    } catch (e) {
      if (e instanceof AppError && e.status === 422)
        throw AppError.badRequest(`select_options: ${e.message}`, "type");
      throw e;
    }
    const service = kernel.services.get(query.type);
    if (!service || !service.def.selectable)
      throw AppError.badRequest(`No options of type '${query.type}'`, "type");
    const data = await service.options(actor, query.q, query.page?.size ?? 50);
    const doc: Omit<TListDocument, "links"> = { data, meta: { count: data.length, total: data.length } };
    respond(res, 200, doc);
  });
  return router;
};
