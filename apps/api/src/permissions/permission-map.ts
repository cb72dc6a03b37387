import { NONE, type TFlags, type TPermissionMap } from "@crew/contracts";
import type { TPermissionRow } from "./permission-repository.js";

const flagsOf = (r: TPermissionRow): TFlags =>
  r.enable
    ? { read: r.canRead, create: r.canCreate, update: r.canUpdate, delete: r.canDelete, enable: true }
    : NONE;

/**
 * The records in force by dotted key: a record's key is its item prefixed by its parents'
 * items (`vessels.manningScales`); a client's record replaces the role's of the same key.
 */
export const effectiveRecords = (rows: readonly TPermissionRow[]): Map<string, TPermissionRow> => {
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
  return chosen;
};

/** The effective map of a role's records and a client's overrides; a disabled parent disables its children. */
export const buildPermissionMap = (rows: readonly TPermissionRow[]): TPermissionMap => {
  const map: TPermissionMap = {};
  const byDepth = [...effectiveRecords(rows)].sort(([a], [b]) => a.split(".").length - b.split(".").length);
  for (const [key, r] of byDepth) {
    const dot = key.lastIndexOf(".");
    const parentFlags = dot < 0 ? undefined : map[key.slice(0, dot)];
    map[key] = parentFlags && !parentFlags.enable ? NONE : flagsOf(r);
  }
  return map;
};
