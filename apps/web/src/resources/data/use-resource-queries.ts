import type { TResourceDef } from "@crew/contracts";
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../api";
import type { TListQuery } from "../list-state/list-query";
import { fetchList, fetchOne, fetchSelectOptions, listParams } from "./resource-client";

/** The shell's keys ([type, verb, params]) so a write anywhere refreshes these lists too. */
export const resourceKeys = {
  all: queryKeys.all,
  list: (type: string, query: TListQuery, include: readonly string[]) => queryKeys.list(type, listParams(query, include)),
  one: (type: string, id: string) => queryKeys.one(type, id),
  options: (type: string, q: string) => ["select_options", type, q] as const,
};

/** To-one relationships a list shows as columns; their titles come from `included`. */
export const listIncludes = (def: TResourceDef): string[] =>
  Object.entries(def.relationships ?? {})
    .filter(([, rel]) => rel.cardinality === "one")
    .map(([name]) => name);

export const useResourceList = (def: TResourceDef, query: TListQuery, include: readonly string[] = listIncludes(def)) =>
  useQuery({
    queryKey: resourceKeys.list(def.type, query, include),
    queryFn: ({ signal }) => fetchList(def, query, include, signal),
    // The old page stays on screen while the next loads: no flash of skeletons on paging.
    placeholderData: keepPreviousData,
  });

export const useResourceRecord = (def: TResourceDef, id: string | undefined, include: readonly string[] = listIncludes(def)) =>
  useQuery({
    queryKey: [...resourceKeys.one(def.type, id ?? ""), include],
    queryFn: ({ signal }) => fetchOne(def, id ?? "", include, signal),
    enabled: Boolean(id),
  });

export const useSelectOptions = (type: string, q: string, enabled = true) =>
  useQuery({
    queryKey: resourceKeys.options(type, q),
    queryFn: ({ signal }) => fetchSelectOptions(type, q, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** After a write: lists, records and the option lists of other forms may all show it. */
export const invalidateResource = (client: QueryClient, type: string): Promise<void> =>
  Promise.all([
    client.invalidateQueries({ queryKey: resourceKeys.all(type) }),
    client.invalidateQueries({ queryKey: ["select_options", type] }),
  ]).then(() => undefined);
