import type { TResourceDef } from "@crew/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getManyReference, queryKeys, type TParentRef } from "../../api";
import type { TListQuery } from "../list-state/list-query";
import { indexIncluded, listParams } from "./resource-client";
import type { TListPage } from "./resource-types";

/** react-query key of one parent's children: under [type, "list"], so a write to the type refreshes it. */
export const manyReferenceKey = (
  def: TResourceDef,
  ref: TParentRef,
  query: TListQuery,
  include: readonly string[],
) => queryKeys.manyReference(def, ref, listParams(query, include));

/** The children of one parent, in the list-state shape (getManyReference). */
export const useManyReference = (
  def: TResourceDef,
  ref: TParentRef,
  query: TListQuery,
  include: readonly string[],
) =>
  useQuery({
    queryKey: manyReferenceKey(def, ref, query, include),
    queryFn: async ({ signal }): Promise<TListPage> => {
      const page = await getManyReference(def.type, ref, listParams(query, include), signal);
      return {
        data: page.data,
        included: indexIncluded(page.included),
        total: page.total,
        lastPage: page.lastPage,
      };
    },
    placeholderData: keepPreviousData,
  });
