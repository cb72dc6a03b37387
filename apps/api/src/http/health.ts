import { Router } from "express";
import type { TDeps } from "../deps.js";

// Placeholder: /api/health and /api/ready are built in the platform work.
export const healthRouter = (_deps: TDeps): Router => {
  const router = Router();
  router.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
  return router;
};
