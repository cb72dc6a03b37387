import { useEffect, useRef, type KeyboardEvent } from "react";

interface TEnterPicksFirst<T> {
  /** What the user typed. */
  search: string;
  /** The text the options shown were searched for (the search, debounced). */
  query: string;
  /** The options are being fetched. */
  loading: boolean;
  /** The first match of the search, if any. */
  first: T | undefined;
  pick: (option: T) => void;
}

/**
 * Enter in a picker that searches the server picks the first match (issue 22 point 18).
 * Mantine's combobox submits only an option chosen with the arrows; a typed name and Enter did
 * nothing. An Enter typed before the matches arrive (the search waits for a pause in typing)
 * picks the first of them when they do; after the arrows, Enter is Mantine's again.
 */
export const useEnterPicksFirst = <T>({ search, query, loading, first, pick }: TEnterPicksFirst<T>) => {
  const navigated = useRef(false);
  const pending = useRef(false);
  const settled = search === query && !loading;
  useEffect(() => {
    navigated.current = false;
    pending.current = false;
  }, [search]);
  useEffect(() => {
    if (!pending.current || !settled) return;
    pending.current = false;
    if (first !== undefined) pick(first);
  }, [settled, first, pick]);
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") navigated.current = true;
    if (event.key !== "Enter" || navigated.current || search.trim() === "") return;
    event.preventDefault();
    if (!settled) pending.current = true;
    else if (first !== undefined) pick(first);
  };
};
