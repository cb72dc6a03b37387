import type { TListParams, TParentRef } from "./data-provider";

/**
 * react-query keys shaped [type, verb, params]: invalidating [type] refreshes every list
 * and record of a resource after a write, wherever it is shown.
 */
export const queryKeys = {
  all: (type: string) => [type] as const,
  lists: (type: string) => [type, "list"] as const,
  list: (type: string, params: TListParams) => [type, "list", params] as const,
  one: (type: string, id: string | number) => [type, "one", { id: String(id) }] as const,
  /** Children of one parent: still a list of `type`, so a write to `type` refreshes it. */
  manyReference: (type: string, ref: TParentRef, params: TListParams) =>
    [
      type,
      "list",
      { parentType: ref.parentType, parentId: String(ref.parentId), path: ref.path, ...params },
    ] as const,
  versions: (type: string, id: string | number, page: number) =>
    [type, "versions", { id: String(id), page }] as const,
} as const;
