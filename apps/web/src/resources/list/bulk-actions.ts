import {
  ALL_PERMISSION_KEYS,
  actionPermission,
  type TActionDef,
  type TPermissionKey,
  type TResourceDef,
} from "@crew/contracts";
import type { TCan } from "../../session/use-session";

/**
 * A bulk action: a collection action (not GET) whose input takes the chosen rows as
 * `{ids: [...]}` and nothing else required (`users/assign_tag` needs a tag too, so it is a
 * form of its own, not a bulk button). The ids go as numbers when the input takes numbers.
 */
export interface TBulkAction {
  name: string;
  action: TActionDef;
  input: (ids: readonly string[]) => { ids: (string | number)[] };
}

const isPermissionKey = (key: string): key is TPermissionKey =>
  (ALL_PERMISSION_KEYS as readonly string[]).includes(key);

/** Whether the user may run an action (its own permission, or the resource's key with its method's verb). */
export const mayRunAction = (def: TResourceDef, action: TActionDef, can: TCan): boolean => {
  const permission = actionPermission(def, action);
  return permission === null || (isPermissionKey(permission.key) && can(permission.key, permission.action));
};

const idsInput = (action: TActionDef): TBulkAction["input"] | undefined => {
  const schema = action.input;
  if (!schema) return undefined;
  if (schema.safeParse({ ids: [1] }).success) return (ids) => ({ ids: ids.map(Number) });
  if (schema.safeParse({ ids: ["1"] }).success) return (ids) => ({ ids: [...ids] });
  return undefined;
};

export const bulkActionsOf = (def: TResourceDef, can: TCan): TBulkAction[] =>
  Object.entries(def.actions ?? {}).flatMap(([name, action]) => {
    if (action.on !== "collection" || action.method === "GET" || !mayRunAction(def, action, can)) return [];
    const input = idsInput(action);
    return input ? [{ name, action, input }] : [];
  });

/** Bulk delete: one DELETE per chosen row, for those who may delete. */
export const mayBulkDelete = (def: TResourceDef, can: TCan): boolean =>
  def.verbs.includes("delete") && can(def.permission, "delete");
