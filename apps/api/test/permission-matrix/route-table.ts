import { routeTable, type TAction } from "@crew/contracts";

/**
 * Every authenticated route with the permission it needs (null: any signed-in account),
 * generated from the resource definitions (contracts' routeTable: generic verbs,
 * relationships, nested lists, versions, options and declared actions) plus the few
 * routes that are not declared there. The matrix test checks each role against it, and
 * its snapshot makes a permission change show in review.
 */
export interface TRoute {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  permission: { key: string; action: TAction | "enable" } | null;
  /** Further permissions it needs (a nested list: its parent's read). */
  requires?: { key: string; action: TAction | "enable" }[];
  /** Also open to whoever may pick this type's records in a form (select_options). */
  pickerOf?: string;
  query?: Record<string, string>;
  /** `:self` in the path or query is replaced by the caller's own id. */
  self?: boolean;
}

const MISSING = "999999999";

const declared = (): TRoute[] =>
  routeTable().map((r) => ({
    method: r.method,
    path: r.path.replace(":parentId", MISSING).replace(":id", MISSING),
    permission: r.permission,
    ...(r.requires?.length ? { requires: r.requires } : {}),
    ...(r.pickerOf ? { pickerOf: r.pickerOf } : {}),
    ...(r.query ? { query: r.query } : {}),
  }));

/** Routes outside the definitions: one client's effective permission records; stored files (their record's permission, 404 when missing). */
const bespoke: TRoute[] = [
  { method: "get", path: `/api/files/${MISSING}/photo.jpg`, permission: null },
  { method: "delete", path: `/api/files/${MISSING}`, permission: null },
  {
    method: "get",
    path: "/api/permissions",
    query: { "filter[client_id]": ":self" },
    self: true,
    permission: null,
  },
  {
    method: "get",
    path: "/api/permissions",
    query: { "filter[client_id]": "1" },
    permission: { key: "permissions", action: "read" },
  },
];

export const ROUTE_TABLE: readonly TRoute[] = [...declared(), ...bespoke];
