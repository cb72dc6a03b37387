import { compactFilter, type TFilterValues, type TListQuery, type TSort } from "./list-query";

/**
 * The generic list state of spec 000 section 3.6 minus what the server returns: the query
 * parts, the filter being edited next to the applied one, the search being typed next to the
 * applied one, and the filter panel's expansion and type.
 */
export interface TListState {
  page: number;
  perPage: number;
  sort: TSort;
  /** Values in the open filter panel, not yet sent. */
  filter: TFilterValues;
  /** Values the list is loaded with. */
  appliedFilter: TFilterValues;
  /** Text in the search box; applied after the debounce. */
  searchInput: string;
  search: string;
  filterExpanded: boolean;
  filterType: string;
}

export type TListAction =
  | { type: "page"; page: number }
  | { type: "perPage"; perPage: number }
  | { type: "sort"; field: string }
  | { type: "filterValue"; name: string; value: string }
  | { type: "applyFilter" }
  | { type: "cancelFilter" }
  | { type: "clearFilter" }
  | { type: "expandFilter"; expanded: boolean }
  | { type: "filterType"; filterType: string }
  | { type: "searchInput"; value: string }
  | { type: "applySearch" }
  /** The address changed under the list (back, forward, a link): adopt its query. */
  | { type: "sync"; query: TListQuery };

export const initialListState = (
  query: TListQuery,
  filterExpanded = false,
  filterType = "basic",
): TListState => ({
  page: query.page,
  perPage: query.perPage,
  sort: query.sort,
  filter: query.filter,
  appliedFilter: query.filter,
  searchInput: query.search,
  search: query.search,
  filterExpanded,
  filterType,
});

export const queryOfState = (state: TListState): TListQuery => ({
  page: state.page,
  perPage: state.perPage,
  sort: state.sort,
  filter: compactFilter(state.appliedFilter),
  search: state.search,
});

/** Spec 000 4.2: the current field toggles asc/desc; a new field keeps the current direction. */
export const nextSort = (current: TSort, field: string): TSort =>
  current.field === field
    ? { field, order: current.order === "asc" ? "desc" : "asc" }
    : { field, order: current.order };

export const listReducer = (state: TListState, action: TListAction): TListState => {
  switch (action.type) {
    case "page":
      return action.page === state.page || action.page < 1 ? state : { ...state, page: action.page };
    case "perPage":
      // The current page number means something else with another page size.
      return action.perPage === state.perPage ? state : { ...state, perPage: action.perPage, page: 1 };
    case "sort":
      return { ...state, sort: nextSort(state.sort, action.field), page: 1 };
    case "filterValue":
      return { ...state, filter: { ...state.filter, [action.name]: action.value } };
    case "applyFilter":
      return { ...state, appliedFilter: compactFilter(state.filter), page: 1 };
    case "cancelFilter":
      return { ...state, filter: state.appliedFilter, filterExpanded: false };
    case "clearFilter":
      return { ...state, filter: {}, appliedFilter: {}, page: 1 };
    case "expandFilter":
      return action.expanded === state.filterExpanded ? state : { ...state, filterExpanded: action.expanded };
    case "filterType":
      return { ...state, filterType: action.filterType };
    case "searchInput":
      return { ...state, searchInput: action.value };
    case "applySearch": {
      const search = state.searchInput.trim();
      return search === state.search ? state : { ...state, search, page: 1 };
    }
    case "sync": {
      const { query } = action;
      return {
        ...state,
        page: query.page,
        perPage: query.perPage,
        sort: query.sort,
        filter: query.filter,
        appliedFilter: query.filter,
        search: query.search,
        searchInput: query.search,
      };
    }
  }
};
