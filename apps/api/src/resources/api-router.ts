import { Router } from "express";
import type { TDeps } from "../deps.js";
import { createResourceService } from "../kernel/resource-service.js";
import { resourceRouter } from "../kernel/resource-router.js";
import { clientsRouter } from "./clients/clients-router.js";
import { notificationsRouter } from "./notifications/notifications-router.js";
import { permissionsRouter } from "./permissions/permissions-router.js";
import { createRegistry } from "./registry.js";
import { selectOptionsRouter } from "./select-options.js";

/** All authenticated resource routes: bespoke ones first, then the generic engine's. */
export const apiRouter = (deps: TDeps): Router => {
  const router = Router();
  const registry = createRegistry(deps.db);
  router.use(clientsRouter(deps.db));
  router.use(notificationsRouter(deps.db));
  router.use(permissionsRouter(deps.db));
  router.use(selectOptionsRouter(registry));
  const entryOf = (type: string) => registry.get(type);
  for (const entry of registry.values()) router.use(resourceRouter(createResourceService(entry, entryOf)));
  return router;
};
