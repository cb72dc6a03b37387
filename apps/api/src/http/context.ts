import type { TCrewUserStatus, TPermissionMap, TRole } from "@crew/contracts";

/** Who is calling: set by the authentication middleware on every /api request past /api/auth. */
export interface TActor {
  id: number;
  name: string;
  email: string;
  role: TRole;
  status: TCrewUserStatus;
  avatar: string | null;
  equasisEmail: string | null;
  permissions: TPermissionMap;
  /** Id of the session (device) the request came from. */
  sessionId: number;
  /** The request's id (x-request-id), recorded with every version this request writes. */
  requestId?: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      actor?: TActor;
    }
  }
}

import type { Request } from "express";
import { AppError } from "../errors/app-error.js";

/** The signed-in caller; routes behind the authentication middleware always have one. */
export const actorOf = (req: Request): TActor => {
  if (!req.actor) throw AppError.unauthorized();
  return req.actor;
};
