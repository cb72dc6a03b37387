import type { TResourceDef, TResourceType } from "@crew/contracts";
import type { TListParams, TParentRef } from "./data-provider";

/**
 * A resource as keys and reloads name it: its definition, or its wire type where only a literal
 * the contracts know will do. A renamed type breaks the typecheck instead of silently leaving a
 * list unrefreshed.
 */
export type TResourceRef = Pick<TResourceDef, "type"> | TResourceType;

/** The wire type a key starts with. */
export const typeOfRef = (ref: TResourceRef): string => (typeof ref === "string" ? ref : ref.type);

/**
 * react-query keys shaped [type, verb, params]: invalidating [type] refreshes every list
 * and record of a resource after a write, wherever it is shown. A screen's own query of a
 * resource starts with `all(ref)` too, so the resource's writes refresh it.
 */
export const queryKeys = {
  all: (ref: TResourceRef) => [typeOfRef(ref)] as const,
  lists: (ref: TResourceRef) => [typeOfRef(ref), "list"] as const,
  list: (ref: TResourceRef, params: TListParams) => [typeOfRef(ref), "list", params] as const,
  one: (ref: TResourceRef, id: string | number) => [typeOfRef(ref), "one", { id: String(id) }] as const,
  /** Children of one parent: still a list of `type`, so a write to `type` refreshes it. */
  manyReference: (ref: TResourceRef, parent: TParentRef, params: TListParams) =>
    [
      typeOfRef(ref),
      "list",
      { parentType: parent.parentType, parentId: String(parent.parentId), path: parent.path, ...params },
    ] as const,
  versions: (ref: TResourceRef, id: string | number, page: number) =>
    [typeOfRef(ref), "versions", { id: String(id), page }] as const,
} as const;
