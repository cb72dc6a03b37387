import { RESOURCES, type TAction } from "@crew/contracts";

/**
 * Every authenticated route with the permission it needs (null: any signed-in account).
 * The matrix test checks each role against it, and its snapshot makes a permission change
 * show in review.
 */
export interface TRoute {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  permission: { key: string; action: TAction | "enable" } | null;
  query?: Record<string, string>;
  /** `:self` in the path or query is replaced by the caller's own id. */
  self?: boolean;
}

const MISSING = "999999999";

const generic = (): TRoute[] =>
  Object.values(RESOURCES).flatMap((def) => {
    const key = def.permission;
    const routes: TRoute[] = [];
    const verbs = new Set(def.verbs);
    if (verbs.has("list")) routes.push({ method: "get", path: `/api/${def.type}`, permission: { key, action: "read" } });
    if (verbs.has("show")) routes.push({ method: "get", path: `/api/${def.type}/${MISSING}`, permission: { key, action: "read" } });
    if (verbs.has("create")) routes.push({ method: "post", path: `/api/${def.type}`, permission: { key, action: "create" } });
    if (verbs.has("update")) routes.push({ method: "patch", path: `/api/${def.type}/${MISSING}`, permission: { key, action: "update" } });
    if (verbs.has("delete")) routes.push({ method: "delete", path: `/api/${def.type}/${MISSING}`, permission: { key, action: "delete" } });
    for (const name of Object.keys(def.relationships ?? {})) {
      routes.push({ method: "get", path: `/api/${def.type}/${MISSING}/relationships/${name}`, permission: { key, action: "read" } });
      routes.push({ method: "patch", path: `/api/${def.type}/${MISSING}/relationships/${name}`, permission: { key, action: "update" } });
    }
    if (def.selectable) {
      routes.push({ method: "get", path: "/api/select_options", query: { type: def.type }, permission: { key, action: "read" } });
    }
    return routes;
  });

const bespoke: TRoute[] = [
  { method: "get", path: "/api/clients/me", permission: null },
  { method: "patch", path: "/api/clients/me", permission: null },
  { method: "patch", path: `/api/clients/${MISSING}/status`, permission: { key: "crewUserStatus", action: "update" } },
  ...["update_hidden_tags", "update_shown_tags", "update_new_seafarer_tags"].flatMap((a): TRoute[] => [
    { method: "post", path: `/api/clients/${MISSING}/${a}`, permission: { key: "crewUsers", action: "update" } },
    { method: "patch", path: `/api/clients/${MISSING}/${a}`, permission: { key: "crewUsers", action: "update" } },
  ]),
  { method: "get", path: "/api/notifications/notification_count", permission: { key: "notifications", action: "read" } },
  { method: "get", path: "/api/notifications/notification_pop_up", permission: { key: "notifications", action: "read" } },
  { method: "post", path: "/api/notifications/mark_as_shown", permission: { key: "notifications", action: "update" } },
  { method: "post", path: "/api/notifications/mark_as_read", permission: { key: "notifications", action: "update" } },
  { method: "post", path: "/api/notifications/mark_all_shown", permission: { key: "notifications", action: "update" } },
  { method: "post", path: "/api/notifications/mark_all_read", permission: { key: "notifications", action: "update" } },
  { method: "delete", path: "/api/notifications", permission: { key: "notifications", action: "delete" } },
  { method: "get", path: "/api/permissions", query: { "filter[client_id]": ":self" }, self: true, permission: null },
  { method: "get", path: "/api/permissions", query: { "filter[client_id]": "1" }, permission: { key: "permissions", action: "read" } },
];

export const ROUTE_TABLE: readonly TRoute[] = [...generic(), ...bespoke];
