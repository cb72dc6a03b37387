import { NONE, type TFlags, type TPermissionMap } from "@crew/contracts";
import type { TPermissionRow } from "./permission-repository.js";

const flagsOf = (r: TPermissionRow): TFlags =>
  r.enable
    ? { read: r.canRead, create: r.canCreate, update: r.canUpdate, delete: r.canDelete, enable: true }
    : NONE;

/**
 * Builds the effective map from a role's records and a client's overrides. A record's key
 * is its item prefixed by its parents' items (`vessels.manningScales`); a client record
 * replaces the role record of the same key; a disabled parent disables its children.
 */
export const buildPermissionMap = (rows: readonly TPermissionRow[]): TPermissionMap => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keyOf = (r: TPermissionRow): string => {
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    return parent ? `${keyOf(parent)}.${r.item}` : r.item;
  };
  const chosen = new Map<string, TPermissionRow>();
  for (const r of rows) {
    const key = keyOf(r);
    const current = chosen.get(key);
    if (!current || (current.clientId === null && r.clientId !== null)) chosen.set(key, r);
  }
  const map: TPermissionMap = {};
  for (const [key, r] of [...chosen].sort(([a], [b]) => a.split(".").length - b.split(".").length)) {
    const dot = key.lastIndexOf(".");
    const parentFlags = dot < 0 ? undefined : map[key.slice(0, dot)];
    map[key] = parentFlags && !parentFlags.enable ? NONE : flagsOf(r);
  }
  return map;
};

export const recordKey = (row: TPermissionRow, rows: readonly TPermissionRow[]): string => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keyOf = (r: TPermissionRow): string => {
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    return parent ? `${keyOf(parent)}.${r.item}` : r.item;
  };
  return keyOf(row);
};
