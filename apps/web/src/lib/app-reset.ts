import { SESSION_STORAGE_KEYS } from "@crew/contracts";

/** Where the resets land: the root, after a full reload so no state survives in memory. */
const reloadAtRoot = (): void => window.location.assign("/");

/**
 * 'Reset application state' (spec 2.5): forget every saved filter, list query and panel
 * state, keep the session so the user stays signed in.
 */
export const clearApplicationState = (storage: Storage = window.localStorage): void => {
  const keep = new Map<string, string>();
  for (const key of SESSION_STORAGE_KEYS) {
    const value = storage.getItem(key);
    if (value !== null) keep.set(key, value);
  }
  storage.clear();
  for (const [key, value] of keep) storage.setItem(key, value);
};

export const resetApplicationState = (): void => {
  clearApplicationState();
  reloadAtRoot();
};

/** 'Reset cache': empties Cache Storage (stale assets after a deployment), then reloads. */
export const resetCache = async (): Promise<void> => {
  if ("caches" in window) {
    const names = await window.caches.keys();
    await Promise.all(names.map((name) => window.caches.delete(name)));
  }
  reloadAtRoot();
};
