import { can, type TAction, type TPermissionMap } from "./permissions/flags.js";
import { mayPick } from "./pickers.js";
import {
  actionPath,
  actionPermission,
  nestedPath,
  relationshipOf,
  type TActionDef,
  type TResourceDef,
} from "./resource.js";
import { RESOURCES } from "./resources/index.js";

export type THttpMethod = "get" | "post" | "patch" | "delete";

/**
 * One route the kernel mounts for a definition, with the permission it needs (null: any
 * signed-in account). `:id` and `:parentId` stand for record ids. The permission matrix
 * test and the fuzzer are generated from this table, so a new resource, nested list or
 * action is covered without new test code.
 */
export interface TRouteSpec {
  method: THttpMethod;
  path: string;
  permission: { key: string; action: TAction | "enable" } | null;
  /** Further permissions the route needs (a nested list also needs its parent's read). */
  requires?: { key: string; action: TAction | "enable" }[];
  /** Also allowed to whoever may pick records of this type in a form (select_options; pickers.ts). */
  pickerOf?: string;
  type: string;
  kind:
    | "list"
    | "show"
    | "create"
    | "update"
    | "delete"
    | "relationship"
    | "nested"
    | "nested-create"
    | "action"
    | "options"
    | "versions"
    | "files";
  /** The relationship of a relationship route. */
  relationship?: string;
  /** The action of an action route. */
  action?: string;
  /** The file attribute of a files route. */
  attribute?: string;
  /** The relationship to the parent of a nested route (definition `parents`). */
  parent?: string;
  query?: Record<string, string>;
}

/**
 * The routes of one definition, in the order the server mounts them (its actions before
 * `/{type}/:id`). The API mounts exactly these (apps/api/src/kernel/resource-router.ts).
 */
export const routesOf = (
  def: TResourceDef,
  resources: Readonly<Record<string, TResourceDef>> = RESOURCES,
): TRouteSpec[] => {
  const key = def.permission;
  const base = `/api/${def.type}`;
  const verbs = new Set(def.verbs);
  const routes: TRouteSpec[] = [];
  const add = (r: Omit<TRouteSpec, "type">) => routes.push({ ...r, type: def.type });
  for (const [name, action] of Object.entries<TActionDef>(def.actions ?? {})) {
    for (const method of [action.method, ...(action.alsoMethods ?? [])]) {
      add({
        method: method.toLowerCase() as THttpMethod,
        path: `/api${actionPath(def, name, action)}`,
        permission: actionPermission(def, action),
        kind: "action",
        action: name,
      });
    }
  }
  if (verbs.has("list"))
    add({ method: "get", path: base, permission: { key, action: "read" }, kind: "list" });
  if (verbs.has("show"))
    add({ method: "get", path: `${base}/:id`, permission: { key, action: "read" }, kind: "show" });
  if (verbs.has("create"))
    add({ method: "post", path: base, permission: { key, action: "create" }, kind: "create" });
  if (verbs.has("update"))
    add({ method: "patch", path: `${base}/:id`, permission: { key, action: "update" }, kind: "update" });
  if (verbs.has("delete"))
    add({ method: "delete", path: `${base}/:id`, permission: { key, action: "delete" }, kind: "delete" });
  if (verbs.has("update")) {
    for (const [name, attr] of Object.entries(def.attributes)) {
      if (!attr.file) continue;
      add({
        method: "post",
        path: `${base}/:id/files/${name}`,
        permission: { key, action: "update" },
        kind: "files",
        attribute: name,
      });
      add({
        method: "patch",
        path: `${base}/:id/files/${name}`,
        permission: { key, action: "update" },
        kind: "files",
        attribute: name,
      });
    }
  }
  for (const name of Object.keys(def.relationships ?? {})) {
    const rel = relationshipOf(def, name);
    add({
      method: "get",
      path: `${base}/:id/relationships/${name}`,
      permission: { key, action: "read" },
      kind: "relationship",
      relationship: name,
    });
    if (!verbs.has("update")) continue;
    add({
      method: "patch",
      path: `${base}/:id/relationships/${name}`,
      permission: { key, action: "update" },
      kind: "relationship",
      relationship: name,
    });
    if (rel?.cardinality === "many") {
      add({
        method: "post",
        path: `${base}/:id/relationships/${name}`,
        permission: { key, action: "update" },
        kind: "relationship",
        relationship: name,
      });
      add({
        method: "delete",
        path: `${base}/:id/relationships/${name}`,
        permission: { key, action: "update" },
        kind: "relationship",
        relationship: name,
      });
    }
  }
  for (const parent of def.parents ?? []) {
    const path = `/api${nestedPath(def, parent)}`;
    const parentKey = resources[parent.type]?.permission;
    const requires = parentKey ? [{ key: parentKey, action: "read" as const }] : [];
    add({
      method: "get",
      path,
      permission: { key, action: "read" },
      requires,
      kind: "nested",
      parent: parent.relationship,
    });
    if (parent.create)
      add({
        method: "post",
        path,
        permission: { key, action: "create" },
        requires,
        kind: "nested-create",
        parent: parent.relationship,
      });
  }
  if (def.history !== false && verbs.has("show"))
    add({
      method: "get",
      path: `${base}/:id/versions`,
      permission: { key, action: "read" },
      kind: "versions",
    });
  if (def.selectable)
    add({
      method: "get",
      path: "/api/select_options",
      query: { type: def.type },
      permission: { key, action: "read" },
      pickerOf: def.type,
      kind: "options",
    });
  return routes;
};

/** Every route of every definition. */
export const routeTable = (resources: Readonly<Record<string, TResourceDef>> = RESOURCES): TRouteSpec[] =>
  Object.values(resources).flatMap((def) => routesOf(def, resources));

/** Whether a permission map lets its holder call a route: the server's rule, as the permission matrix and the fuzzer expect it. */
export const routeAllows = (
  map: TPermissionMap,
  route: Pick<TRouteSpec, "permission" | "requires" | "pickerOf">,
): boolean =>
  [...(route.permission ? [route.permission] : []), ...(route.requires ?? [])].every((p) =>
    can(map, p.key, p.action),
  ) ||
  (route.pickerOf !== undefined && mayPick(map, route.pickerOf));
