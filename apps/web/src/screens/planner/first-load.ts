/**
 * The history entry the planner was first shown on in this page load. Spec 002 §2: the two new
 * forms cannot be opened by a direct link (a first page load on them goes to /). A reload keeps
 * the history entry's state (a draft plan), so "was it reached by navigating within the app?"
 * is answered by the entry's key: the first entry the planner sees is the page load's.
 */
let entryKey: string | null = null;

export const isFirstLoad = (locationKey: string): boolean => {
  entryKey ??= locationKey;
  return entryKey === locationKey;
};
