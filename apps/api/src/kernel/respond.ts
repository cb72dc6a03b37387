import type { Response } from "express";
import { JSONAPI_MEDIA_TYPE } from "@crew/contracts";
import type { TActionFile } from "./actions.js";
import { contentDisposition } from "./content-disposition.js";

/** JSON:API answer; 204 has no body (spec 000 7.1). */
export const respond = (res: Response, status: number, body?: unknown): void => {
  if (status === 204 || body === undefined) {
    res.status(204).end();
    return;
  }
  res.status(status).type(JSONAPI_MEDIA_TYPE).send(JSON.stringify(body));
};

/** A generated file (export, print-out); the client takes its name from Content-Disposition. */
export const sendFile = (res: Response, file: TActionFile): void => {
  res.status(200);
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Content-Disposition", contentDisposition(file.filename, file.disposition ?? "attachment"));
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (Buffer.isBuffer(file.body)) {
    res.setHeader("Content-Length", String(file.body.length));
    res.end(file.body);
    return;
  }
  file.body.on("error", (error) => res.destroy(error));
  file.body.pipe(res);
};
