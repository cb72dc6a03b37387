import { SEARCH_DEBOUNCE_MS } from "@crew/contracts";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import {
  defaultQuery,
  hasListParams,
  queryFromParams,
  queryToParams,
  sameQuery,
  type TFilterValues,
  type TListQuery,
} from "./list-query";
import { initialListState, listReducer, queryOfState, type TListState } from "./list-reducer";
import {
  browserListStore,
  nestedListName,
  nestedListStore,
  readFilterExpanded,
  readFilterType,
  readLastQuery,
  readStoredFilter,
  readStoredSearch,
  writeFilterExpanded,
  writeFilterType,
  writeLastQuery,
  writeStoredFilter,
  writeStoredSearch,
  type TListStore,
} from "./list-storage";

export interface TListStateOptions {
  /** Storage name of the list (`users`, `vesselTypes`): the prefix of its local storage keys. */
  list: string;
  /** JSON:API sort expression used when neither the address nor storage name one. */
  defaultSort: string;
  defaultFilter?: TFilterValues;
  defaultFilterType?: string;
  /** Where the state is kept between visits: local storage (default) or the nested lists' memory. */
  store?: TListStore;
  /** Keep the applied search text under `<list>.search` and start from it (the vessels list). */
  persistSearch?: boolean;
}

export interface TListController {
  state: TListState;
  /** The query the list is loaded with (applied values only). */
  query: TListQuery;
  /** The address query of the list ('' or '?…'), to carry into its child routes and back. */
  search: string;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  toggleSort: (field: string) => void;
  setFilterValue: (name: string, value: string) => void;
  applyFilter: () => void;
  cancelFilter: () => void;
  clearFilter: () => void;
  setFilterExpanded: (expanded: boolean) => void;
  setFilterType: (filterType: string) => void;
  setSearchInput: (value: string) => void;
  /** Applies the typed search without waiting for the debounce (Enter key). */
  applySearch: () => void;
}

/** Where a list starts: the address, else the last-visited query, else the stored filter (and search). */
const startingQuery = (
  search: string,
  list: string,
  defaults: TListQuery,
  store: TListStore,
  persistSearch = false,
): TListQuery => {
  const params = new URLSearchParams(search);
  if (hasListParams(params)) return queryFromParams(params, defaults);
  const last = readLastQuery(list, store);
  if (last !== null) return queryFromParams(new URLSearchParams(last), defaults);
  const stored = readStoredFilter(list, store);
  const start = Object.keys(stored).length ? { ...defaults, filter: stored } : defaults;
  return persistSearch ? { ...start, search: readStoredSearch(list, store) } : start;
};

/**
 * State of one generic list (spec 000 4.2) kept in three places at once: a reducer for the
 * screen, the address (so reload, back and shared links restore it) and local storage (so a
 * list reopened from the navigation comes back as it was left).
 */
export const useListState = ({
  list,
  defaultSort,
  defaultFilter,
  defaultFilterType = "basic",
  store = browserListStore,
  persistSearch = false,
}: TListStateOptions): TListController => {
  const location = useLocation();
  const navigate = useNavigate();
  const defaults = useMemo(() => defaultQuery(defaultSort, defaultFilter), [defaultSort, defaultFilter]);
  const [state, dispatch] = useReducer(listReducer, undefined, () =>
    initialListState(
      startingQuery(location.search, list, defaults, store, persistSearch),
      readFilterExpanded(list, store),
      readFilterType(list, defaultFilterType, store),
    ),
  );
  const query = useMemo(() => queryOfState(state), [state]);
  // The address this hook last saw or wrote: a different one was changed from outside.
  const seenSearch = useRef(location.search);

  useEffect(() => {
    if (location.search !== seenSearch.current) {
      seenSearch.current = location.search;
      const outside = startingQuery(location.search, list, defaults, store, persistSearch);
      if (!sameQuery(outside, query)) {
        dispatch({ type: "sync", query: outside });
        return;
      }
    }
    const current = new URLSearchParams(location.search);
    const next = queryToParams(query, defaults, current);
    const nextSearch = next.toString() ? `?${next.toString()}` : "";
    writeLastQuery(list, next.toString(), store);
    if (nextSearch === location.search) return;
    // Typing a search replaces the entry; paging, sorting and filtering are steps back can undo.
    const onlySearch = sameQuery({ ...queryFromParams(current, defaults), search: query.search }, query);
    seenSearch.current = nextSearch;
    void navigate(
      { pathname: location.pathname, search: nextSearch },
      { replace: onlySearch || !hasListParams(current) },
    );
  }, [location.search, location.pathname, query, defaults, list, navigate, store]);

  useEffect(() => {
    if (state.searchInput.trim() === state.search) return;
    const timer = setTimeout(() => dispatch({ type: "applySearch" }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.searchInput, state.search]);

  useEffect(
    () => writeFilterExpanded(list, state.filterExpanded, store),
    [list, state.filterExpanded, store],
  );
  useEffect(() => writeFilterType(list, state.filterType, store), [list, state.filterType, store]);
  useEffect(() => writeStoredFilter(list, state.appliedFilter, store), [list, state.appliedFilter, store]);
  useEffect(() => {
    if (persistSearch) writeStoredSearch(list, state.search, store);
  }, [list, state.search, store, persistSearch]);

  return {
    state,
    query,
    search: location.search,
    setPage: useCallback((page: number) => dispatch({ type: "page", page }), []),
    setPerPage: useCallback((perPage: number) => dispatch({ type: "perPage", perPage }), []),
    toggleSort: useCallback((field: string) => dispatch({ type: "sort", field }), []),
    setFilterValue: useCallback(
      (name: string, value: string) => dispatch({ type: "filterValue", name, value }),
      [],
    ),
    applyFilter: useCallback(() => dispatch({ type: "applyFilter" }), []),
    cancelFilter: useCallback(() => dispatch({ type: "cancelFilter" }), []),
    clearFilter: useCallback(() => dispatch({ type: "clearFilter" }), []),
    setFilterExpanded: useCallback((expanded: boolean) => dispatch({ type: "expandFilter", expanded }), []),
    setFilterType: useCallback((filterType: string) => dispatch({ type: "filterType", filterType }), []),
    setSearchInput: useCallback((value: string) => dispatch({ type: "searchInput", value }), []),
    applySearch: useCallback(() => dispatch({ type: "applySearch" }), []),
  };
};

export interface TNestedListStateOptions extends Omit<TListStateOptions, "list" | "store"> {
  /** The child list's own name (its permission key: `userExperiences`). */
  list: string;
  parentType: string;
  parentId: string | number;
}

/**
 * State of a list under one parent record: kept per parent (`userExperiences@users:5`) in the
 * nested lists' memory, so two applicants' lists never share page, sort, filter or search,
 * and the top-level lists keep their spec keys in local storage. Mount it with the parent id
 * as `key`: another parent is another list.
 */
export const useNestedListState = ({
  list,
  parentType,
  parentId,
  ...options
}: TNestedListStateOptions): TListController =>
  useListState({ ...options, list: nestedListName(list, parentType, parentId), store: nestedListStore });
