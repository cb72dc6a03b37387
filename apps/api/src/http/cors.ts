import type { RequestHandler } from "express";
import { AUTH_HEADERS } from "@crew/contracts";
import type { TConfig } from "../config.js";

/**
 * CORS for a client served from another origin (CORS_ORIGINS, comma list). The five token
 * headers are exposed so the client can read the rotated values.
 */
export const cors = (config: TConfig): RequestHandler => {
  const allowed = new Set(
    config.CORS_ORIGINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const exposed = [...AUTH_HEADERS, "x-request-id", "content-disposition"].join(", ");
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin && (allowed.has(origin) || allowed.has("*"))) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Vary", "Origin");
      res.setHeader("Access-Control-Expose-Headers", exposed);
      if (req.method === "OPTIONS") {
        res.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, PUT, DELETE, OPTIONS");
        res.setHeader(
          "Access-Control-Allow-Headers",
          ["content-type", "accept", "x-request-id", ...AUTH_HEADERS].join(", "),
        );
        res.setHeader("Access-Control-Max-Age", "600");
        res.status(204).end();
        return;
      }
    }
    // Same-origin browsers read headers anyway; expose them for every answer all the same.
    res.setHeader("Access-Control-Expose-Headers", exposed);
    next();
  };
};
