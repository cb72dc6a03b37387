import { Router, type Request } from "express";
import { AppError } from "../errors/app-error.js";
import { actorOf } from "../http/context.js";
import { storedFilesRepository } from "../storage/stored-files-repository.js";
import type { TKernelDeps } from "./kernel-deps.js";
import { respond } from "./respond.js";
import { contentDisposition } from "./content-disposition.js";
import { parseId } from "./write-body.js";

const INLINE = /^(image\/(jpeg|png|webp)|application\/pdf)$/;

const fileId = (req: Request): number => {
  const raw: unknown = req.params.fileId;
  return parseId(typeof raw === "string" ? raw : undefined);
};

/**
 * GET /api/files/{id}[/{name}]: a stored file, to whoever may read the record it belongs to
 * (that type's permission and scope); DELETE removes it, with update on that record.
 */
export const filesRouter = (kernel: TKernelDeps): Router => {
  const router = Router();
  const load = async (req: Request) => {
    const file = await storedFilesRepository(kernel.read).find(fileId(req));
    if (!file || !kernel.types().includes(file.recordType)) throw AppError.notFound("File not found");
    return file;
  };
  router.get("/files/:fileId{/:filename}", async (req, res) => {
    const actor = actorOf(req);
    const file = await load(req);
    await kernel.serviceOf(file.recordType).requireReadable(actor, file.recordId);
    const object = await kernel.storage.get(file.key);
    res.status(200);
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Content-Length", String(file.byteSize));
    res.setHeader(
      "Content-Disposition",
      contentDisposition(file.filename, INLINE.test(file.contentType) ? "inline" : "attachment"),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    // A served file never runs as a page of ours.
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    res.setHeader("Cache-Control", "private, max-age=3600");
    object.body.on("error", (error) => res.destroy(error));
    object.body.pipe(res);
  });
  router.delete("/files/:fileId", async (req, res) => {
    const actor = actorOf(req);
    const file = await load(req);
    await kernel.serviceOf(file.recordType).removeFile(actor, file);
    respond(res, 204);
  });
  return router;
};
