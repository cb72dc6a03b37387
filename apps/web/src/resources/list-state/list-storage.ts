import type { TFilterValues } from "./list-query";

/**
 * Local storage of a list, under the spec's key pattern (`users.filter`,
 * `users.filterExpanded`, `users.filterType`) plus `<list>.lastQuery`, the last-visited
 * address query. Storage can be full, disabled or hold garbage from an older build, so every
 * read falls back and every write is best effort.
 */
export const listStorageKeys = (list: string) => ({
  filter: `${list}.filter`,
  filterExpanded: `${list}.filterExpanded`,
  filterType: `${list}.filterType`,
  lastQuery: `${list}.lastQuery`,
});

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the list still works, it just forgets.
  }
};

export const readStoredFilter = (list: string): TFilterValues => {
  const raw = read(listStorageKeys(list).filter);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).flatMap(([k, v]) =>
        typeof v === "string" ? [[k, v]] : typeof v === "number" || typeof v === "boolean" ? [[k, String(v)]] : [],
      ),
    );
  } catch {
    return {};
  }
};

export const writeStoredFilter = (list: string, filter: TFilterValues): void =>
  write(listStorageKeys(list).filter, Object.keys(filter).length ? JSON.stringify(filter) : null);

export const readFilterExpanded = (list: string): boolean => read(listStorageKeys(list).filterExpanded) === "true";
export const writeFilterExpanded = (list: string, expanded: boolean): void =>
  write(listStorageKeys(list).filterExpanded, String(expanded));

export const readFilterType = (list: string, fallback: string): string => read(listStorageKeys(list).filterType) ?? fallback;
export const writeFilterType = (list: string, filterType: string): void => write(listStorageKeys(list).filterType, filterType);

/** The address query (without '?') last shown for the list; null when none was stored. */
export const readLastQuery = (list: string): string | null => read(listStorageKeys(list).lastQuery);
export const writeLastQuery = (list: string, search: string): void => write(listStorageKeys(list).lastQuery, search);
