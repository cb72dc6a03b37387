import type { RequestHandler } from "express";
import type { TDeps } from "../deps.js";
import { writeCredentials } from "./auth-headers.js";
import { sessionServiceFor } from "./session-service.js";

/**
 * Every /api route past /api/auth: checks the devise_token_auth headers, sets req.actor and
 * sends the (possibly rotated) credentials back in the answer's headers. One database round
 * trip unless the token is due for rotation.
 */
export const authenticate = (deps: TDeps): RequestHandler => {
  const sessions = sessionServiceFor(deps);
  return (req, res, next) => {
    sessions.authenticate(req, { rotate: true }).then(({ actor, issued }) => {
      req.actor = { ...actor, requestId: typeof req.id === "string" ? req.id : undefined };
      if (issued) writeCredentials(res, issued);
      next();
    }, next);
  };
};
