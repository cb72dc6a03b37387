import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { openApiDocument } from "@crew/openapi";
import { Router, type Response } from "express";
import { AppError } from "../../errors/app-error.js";
import { PAGE_HTML, PAGE_SCRIPT } from "./reference-page.js";

/**
 * What the reference page may run, and no more: its own scripts and styles (Swagger UI sets
 * inline style attributes), its own images and icons, requests to this server only. Nothing is
 * loaded from anywhere else (the assets are swagger-ui-dist's, served from node_modules).
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "object-src 'none'",
].join("; ");

/** swagger-ui-dist's folder, wherever pnpm put it. */
const swaggerUiFolder = (): string =>
  dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/** The files of swagger-ui-dist the page uses (nothing else of the folder is served). */
const ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document generated from the contracts (built once
 * per process, on the first request). GET /api/docs: the reference page over it with
 * try-it-out, using the session the web app keeps in local storage. Mounted before
 * authentication: the description of the API is public, its calls are not.
 */
export const apiReferenceRouter = (): Router => {
  const router = Router();
  let json: string | undefined;
  router.get("/openapi.json", (_req, res) => {
    json ??= JSON.stringify(openApiDocument());
    res.status(200).type("application/json").send(json);
  });

  const page = (res: Response, type: string, body: string) => {
    res.setHeader("Content-Security-Policy", REFERENCE_CSP);
    res.status(200).type(type).send(body);
  };
  router.get("/docs", (_req, res) => page(res, "text/html; charset=utf-8", PAGE_HTML));
  router.get("/docs/reference.js", (_req, res) => page(res, "text/javascript; charset=utf-8", PAGE_SCRIPT));

  const folder = swaggerUiFolder();
  const cache = new Map<string, Buffer>();
  router.get("/docs/assets/:name", (req, res) => {
    const name = req.params.name;
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!type) throw AppError.notFound("No such asset of the reference page.");
    let body = cache.get(name);
    if (!body) cache.set(name, (body = readFileSync(join(folder, name))));
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("Content-Security-Policy", REFERENCE_CSP);
    res.status(200).type(type).send(body);
  });
  return router;
};
