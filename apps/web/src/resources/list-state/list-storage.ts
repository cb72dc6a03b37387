import type { TFilterValues } from "./list-query";

/**
 * Where a list keeps its state between visits: `getItem`/`setItem`/`removeItem`, as Storage
 * has them. Top-level lists use local storage; nested lists a bounded memory (see below).
 */
export interface TListStore {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

/** Local storage, read and written best effort (full, disabled, or garbage from an older build). */
export const browserListStore: TListStore = {
  getItem: (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: (key, value) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Private mode or a full quota: the list still works, it just forgets.
    }
  },
  removeItem: (key) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

/**
 * A store that forgets the oldest keys past `capacity`: the sub-lists of every applicant ever
 * opened would otherwise pile up. It lives as long as the page (a reload starts the
 * sub-lists afresh; their address still carries the query that was on screen).
 */
export const memoryListStore = (capacity = 400): TListStore & { size: () => number } => {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    removeItem: (key) => void entries.delete(key),
    size: () => entries.size,
  };
};

/** The one store of all nested lists of this page. */
export const nestedListStore = memoryListStore();

/**
 * Storage name of a list under one parent record: `userExperiences@users:5`, so two
 * applicants' experience lists never share page, sort, filter or search.
 */
export const nestedListName = (list: string, parentType: string, parentId: string | number): string =>
  `${list}@${parentType}:${parentId}`;

/**
 * State of a list in its store, under the spec's key pattern (`users.filter`,
 * `users.filterExpanded`, `users.filterType`) plus `<list>.lastQuery`, the last-visited
 * address query. Every read falls back to nothing.
 */
export const listStorageKeys = (list: string) => ({
  /** The search text of lists that keep it (spec 002: the vessels search text is saved locally). */
  search: `${list}.search`,
  filter: `${list}.filter`,
  filterExpanded: `${list}.filterExpanded`,
  filterType: `${list}.filterType`,
  lastQuery: `${list}.lastQuery`,
});

const write = (store: TListStore, key: string, value: string | null): void => {
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
};

export const readStoredFilter = (list: string, store: TListStore = browserListStore): TFilterValues => {
  const raw = store.getItem(listStorageKeys(list).filter);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).flatMap(([k, v]) =>
        typeof v === "string"
          ? [[k, v]]
          : typeof v === "number" || typeof v === "boolean"
            ? [[k, String(v)]]
            : [],
      ),
    );
  } catch {
    return {};
  }
};

export const writeStoredFilter = (
  list: string,
  filter: TFilterValues,
  store: TListStore = browserListStore,
): void =>
  write(store, listStorageKeys(list).filter, Object.keys(filter).length ? JSON.stringify(filter) : null);

export const readFilterExpanded = (list: string, store: TListStore = browserListStore): boolean =>
  store.getItem(listStorageKeys(list).filterExpanded) === "true";
export const writeFilterExpanded = (
  list: string,
  expanded: boolean,
  store: TListStore = browserListStore,
): void => write(store, listStorageKeys(list).filterExpanded, String(expanded));

export const readFilterType = (
  list: string,
  fallback: string,
  store: TListStore = browserListStore,
): string => store.getItem(listStorageKeys(list).filterType) ?? fallback;
export const writeFilterType = (
  list: string,
  filterType: string,
  store: TListStore = browserListStore,
): void => write(store, listStorageKeys(list).filterType, filterType);

export const readStoredSearch = (list: string, store: TListStore = browserListStore): string =>
  store.getItem(listStorageKeys(list).search) ?? "";
export const writeStoredSearch = (list: string, search: string, store: TListStore = browserListStore): void =>
  write(store, listStorageKeys(list).search, search === "" ? null : search);

/** The address query (without '?') last shown for the list; null when none was stored. */
export const readLastQuery = (list: string, store: TListStore = browserListStore): string | null =>
  store.getItem(listStorageKeys(list).lastQuery);
export const writeLastQuery = (list: string, search: string, store: TListStore = browserListStore): void =>
  write(store, listStorageKeys(list).lastQuery, search);
