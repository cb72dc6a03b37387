import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Express } from "express";
import type { TConfig } from "../config.js";
import { findUp } from "../lib/find-up.js";

/**
 * Serves the built SPA on the API's port: hashed assets cached for a year, every other
 * non-/api path answers index.html so client routes survive a reload.
 */
export const serveWeb = (app: Express, config: TConfig): void => {
  const dist = config.WEB_DIST ?? findUp("apps/web/dist");
  if (!dist || !existsSync(join(dist, "index.html"))) return;
  app.use("/assets", express.static(join(dist, "assets"), { immutable: true, maxAge: "365d", index: false }));
  app.use(express.static(dist, { index: false, maxAge: "1h" }));
  app.get(/^\/(?!api\/).*/, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(join(dist, "index.html"));
  });
};
