import { Router } from "express";
import type { TDeps } from "../deps.js";
import { createKernel } from "../kernel/kernel.js";
import { liveRouter } from "../live/live-router.js";
import { permissionsRouter } from "./permissions/permissions-router.js";
import { createRegistry } from "./registry.js";
import { selectOptionsRouter } from "./select-options.js";

/**
 * All authenticated resource routes. Order matters where paths overlap: declared actions
 * (`/clients/me`, `/users/assign_tag`) before the generic `/{type}/:id`.
 */
export const apiRouter = (deps: TDeps): Router => {
  const kernel = createKernel(deps, createRegistry());
  const router = Router();
  router.use(kernel.actionRoutes());
  router.use(permissionsRouter(deps.db));
  router.use(selectOptionsRouter(kernel));
  router.use(liveRouter(deps.bus));
  router.use(kernel.fileRoutes());
  router.use(kernel.nestedRoutes());
  router.use(kernel.resourceRoutes());
  return router;
};
