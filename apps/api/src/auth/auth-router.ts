import { Router, type Request, type Response } from "express";
import type { TSessionAnswer } from "@crew/contracts";
import type { TDeps } from "../deps.js";
import { AppError } from "../errors/app-error.js";
import { writeCredentials } from "./auth-headers.js";
import { toCurrentUser } from "./current-user.js";
import { createGoogleVerifier } from "./google-verifier.js";
import { sessionServiceFor } from "./session-service.js";
import { signInRateLimit } from "./sign-in-rate-limit.js";
import { createStrategies, type TStrategyName } from "./strategies.js";

/** /api/auth: the devise_token_auth routes the client calls (spec 000 section 7.3). */
export const authRouter = (deps: TDeps): Router => {
  const router = Router();
  const sessions = sessionServiceFor(deps);
  const google = createGoogleVerifier(deps.config);
  const strategies = createStrategies(deps.db, google);

  const signIn = (strategy: TStrategyName) => async (req: Request, res: Response) => {
    const account = await strategies.run(strategy, req, res);
    const { actor, issued } = await sessions.start(account);
    writeCredentials(res, issued);
    const answer: TSessionAnswer = { data: toCurrentUser(actor) };
    res.json(answer);
  };

  router.post("/sign_in", signInRateLimit(deps), signIn("password"));

  router.post(
    "/google_oauth2",
    (_req, _res, next) =>
      next(google ? undefined : AppError.notFound("Google sign-in is not configured on this server.")),
    signInRateLimit(deps, "google"),
    signIn("google-id-token"),
  );

  router.get("/validate_token", async (req, res) => {
    const { actor, issued } = await sessions.authenticate(req, { rotate: true });
    if (issued) writeCredentials(res, issued);
    const answer: TSessionAnswer = { success: true, data: toCurrentUser(actor) };
    res.json(answer);
  });

  router.delete("/sign_out", async (req, res) => {
    const outcome = await sessions.authenticate(req, { rotate: false }).catch((error: unknown) => {
      // devise_token_auth's answer for a sign-out without a live session.
      if (error instanceof AppError && error.code === "UNAUTHORIZED")
        throw AppError.notFound("User was not found or was not logged in.");
      throw error;
    });
    await sessions.end(outcome.actor.sessionId);
    res.json({ success: true });
  });

  return router;
};
