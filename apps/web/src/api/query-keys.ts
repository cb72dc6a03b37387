import type { TListParams } from "./data-provider";

/**
 * react-query keys shaped [type, verb, params]: invalidating [type] refreshes every list
 * and record of a resource after a write, wherever it is shown.
 */
export const queryKeys = {
  all: (type: string) => [type] as const,
  lists: (type: string) => [type, "list"] as const,
  list: (type: string, params: TListParams) => [type, "list", params] as const,
  one: (type: string, id: string | number) => [type, "one", { id: String(id) }] as const,
} as const;
