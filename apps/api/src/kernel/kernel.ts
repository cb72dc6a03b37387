import { routesOf, type TRouteSpec } from "@crew/contracts";
import type { RequestHandler } from "express";
import type { TDeps } from "../deps.js";
import type { TResourceEntry } from "./binding.js";
import type { TKernelDeps } from "./kernel-deps.js";
import { createResourceService } from "./resource-service.js";
import type { TResourceService } from "./service-types.js";
import { routesRouter, SHARED_KINDS } from "./resource-router.js";
import { runInTransaction } from "./transaction-repository.js";
import { filesRouter } from "./files-router.js";
import { resolveRelations } from "./relation-inference.js";

export type TKernel = ReturnType<typeof createKernel>;

/** `/vessels/5/manning_scales` -> `vessels`. */
const firstSegment = (path: string): string => path.split("/", 2)[1] ?? "";
/** Mounted in this order: declared actions (`/clients/me`) before the generic `/{type}/:id`. */
type TRouteGroup = "actions" | "nested" | "resources";
const groupOf = (kind: TRouteSpec["kind"]): TRouteGroup =>
  kind === "action" ? "actions" : kind === "nested" || kind === "nested-create" ? "nested" : "resources";

/** The engine over every bound resource: one service per type, and their routes. */
export const createKernel = (deps: TDeps, registry: ReadonlyMap<string, TResourceEntry>) => {
  const services = new Map<string, TResourceService>();
  const kernelDeps: TKernelDeps = {
    read: deps.db,
    write: (actor, fn) => runInTransaction(deps.db, actor, fn, deps.bus),
    jobs: deps.jobs,
    storage: deps.storage,
    config: deps.config,
    logger: deps.logger,
    types: () => [...services.keys()],
    publish(type, ids, event, actor) {
      if (!services.get(type)?.def.live || !ids.length) return;
      deps.bus.publish({ type, ids, event, actorId: actor?.id ?? null, at: new Date().toISOString() });
    },
    findService: (type) => services.get(type),
    serviceOf(type) {
      const service = services.get(type);
      if (!service) throw new Error(`No resource ${type}`);
      return service;
    },
  };
  // Relationship storage: declared in the binding, else inferred from Prisma's relation fields.
  const modelOfType = (type: string) => registry.get(type)?.model;
  for (const [type, entry] of registry) {
    const relations = resolveRelations(entry, modelOfType);
    services.set(type, createResourceService({ ...entry, hooks: { ...entry.hooks, relations } }, kernelDeps));
  }

  /**
   * One router per service, entered only by requests whose first path segment it serves:
   * without this every request walked every route of every resource (bench:cost), a cost
   * that grew with each resource added. One lookup by segment finds the routers to run, in
   * registration order; a router whose paths start with a parameter runs for every segment.
   */
  const each = (group: TRouteGroup): RequestHandler => {
    const entries = [...services.values()].flatMap((service) => {
      const routes = routesOf(service.def).filter(
        (r) => !SHARED_KINDS.has(r.kind) && groupOf(r.kind) === group,
      );
      if (!routes.length) return [];
      const served = new Set(routes.map((r) => firstSegment(r.path.replace(/^\/api/, ""))));
      const inner = routesRouter(
        service,
        routes,
        registry.get(service.def.type)?.hooks.actions ?? {},
        kernelDeps,
      );
      return [{ inner, served: [...served].some((x) => x.startsWith(":")) ? null : served }];
    });
    const forSegment = (segment: string) =>
      entries.filter((e) => e.served === null || e.served.has(segment)).map((e) => e.inner);
    const known = new Map(
      [...new Set(entries.flatMap((e) => [...(e.served ?? [])]))].map((segment) => [
        segment,
        forSegment(segment),
      ]),
    );
    const others = forSegment("");
    return (req, res, next) => {
      const routers = known.get(firstSegment(req.path)) ?? others;
      let i = 0;
      const step = (err?: unknown): void => {
        const router = routers[i++];
        if (err !== undefined || !router) return next(err);
        router(req, res, step);
      };
      step();
    };
  };

  return {
    deps: kernelDeps,
    services: services as ReadonlyMap<string, TResourceService>,
    actionRoutes: () => each("actions"),
    nestedRoutes: () => each("nested"),
    resourceRoutes: () => each("resources"),
    fileRoutes: () => filesRouter(kernelDeps),
  };
};
