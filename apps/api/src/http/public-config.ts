import { Router } from "express";
import type { TConfig } from "../config.js";

/** What the sign-in page needs before anyone signs in. */
export const publicConfigRouter = (config: TConfig): Router => {
  const router = Router();
  router.get("/public_config", (_req, res) => {
    res.json({
      google_client_id: config.GOOGLE_CLIENT_ID ?? null,
      help_document_url: config.HELP_DOCUMENT_URL ?? null,
    });
  });
  return router;
};
