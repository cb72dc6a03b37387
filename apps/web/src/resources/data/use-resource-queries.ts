import { resourceByType, type TResourceDef } from "@crew/contracts";
import type { TCan } from "../../session/use-session";
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import { queryKeys, typeOfRef, type TResourceRef } from "../../api";
import type { TListQuery } from "../list-state/list-query";
import { fetchList, fetchOne, fetchSelectOptions, listParams } from "./resource-client";

/** The shell's keys ([type, verb, params]) so a write anywhere refreshes these lists too. */
export const resourceKeys = {
  all: queryKeys.all,
  list: (ref: TResourceRef, query: TListQuery, include: readonly string[]) =>
    queryKeys.list(ref, listParams(query, include)),
  one: (ref: TResourceRef, id: string) => queryKeys.one(ref, id),
  options: (type: string, q: string) => ["select_options", type, q] as const,
};

/** Whether the signed-in user may read a type (an include of a type one may not read is refused). */
export type TReadable = (type: string) => boolean;
export const readableWith =
  (can: TCan): TReadable =>
  (type) => {
    const def = resourceByType(type);
    return def ? can(def.permission, "read") : false;
  };

/**
 * Relationships a list shows as columns (to-one, and to-many the record writes itself);
 * their titles come from `included`. With `can`, only types the user may read.
 */
export const listIncludes = (def: TResourceDef, can?: TCan): string[] => {
  const readable = can ? readableWith(can) : () => true;
  return Object.entries(def.relationships ?? {})
    .filter(([, rel]) => (rel.cardinality === "one" || !rel.readOnly) && readable(rel.type))
    .map(([name]) => name);
};

/** Relationships the details screen names: what a list shows. */
export const detailsIncludes = listIncludes;

/** Relationships a form edits, included so their pickers can name the current values. */
export const formIncludes = (def: TResourceDef, can?: TCan): string[] => {
  const readable = can ? readableWith(can) : () => true;
  return Object.entries(def.relationships ?? {})
    .filter(([, rel]) => rel.form && !rel.readOnly && readable(rel.type))
    .map(([name]) => name);
};

export const useResourceList = (
  def: TResourceDef,
  query: TListQuery,
  include: readonly string[] = listIncludes(def),
) =>
  useQuery({
    queryKey: resourceKeys.list(def, query, include),
    queryFn: ({ signal }) => fetchList(def, query, include, signal),
    // The old page stays on screen while the next loads: no flash of skeletons on paging.
    placeholderData: keepPreviousData,
  });

export const useResourceRecord = (
  def: TResourceDef,
  id: string | undefined,
  include: readonly string[] = listIncludes(def),
) =>
  useQuery({
    queryKey: [...resourceKeys.one(def, id ?? ""), include],
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
export const invalidateResource = (client: QueryClient, ref: TResourceRef): Promise<void> =>
  Promise.all([
    client.invalidateQueries({ queryKey: resourceKeys.all(ref) }),
    client.invalidateQueries({ queryKey: ["select_options", typeOfRef(ref)] }),
  ]).then(() => undefined);
