import type { Response } from "express";
import { JSONAPI_MEDIA_TYPE } from "@crew/contracts";

/** JSON:API answer; 204 has no body (spec 000 7.1). */
export const respond = (res: Response, status: number, body?: unknown): void => {
  if (status === 204 || body === undefined) {
    res.status(204).end();
    return;
  }
  res.status(status).type(JSONAPI_MEDIA_TYPE).send(JSON.stringify(body));
};
