import { compactFilter, sortExpression, type TListQuery } from "../../resources/list-state/list-query";

/** The list's current filter, search and sort as the users actions take them (assign_tag, index_xlsx). */
export const actionQueryOf = (
  query: TListQuery,
): { filter?: Record<string, string>; search?: string; sort: string } => {
  const filter = compactFilter(query.filter);
  return {
    ...(Object.keys(filter).length ? { filter: { ...filter } } : {}),
    ...(query.search ? { search: query.search } : {}),
    sort: sortExpression(query.sort),
  };
};
