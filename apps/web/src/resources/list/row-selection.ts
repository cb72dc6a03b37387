import { useCallback, useMemo, useState } from "react";

/** Rows chosen for a bulk action; the choice survives paging and clears after the action succeeds. */
export interface TRowSelection {
  selected: ReadonlySet<string>;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** All rows of the page on, or (when all are on) all of them off. */
  togglePage: () => void;
  pageState: "none" | "some" | "all";
  clear: () => void;
  /** Keeps only these (the rows a partly failed action left behind). */
  keep: (ids: readonly string[]) => void;
}

export const useRowSelection = (pageIds: readonly string[]): TRowSelection => {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const onPage = pageIds.filter((id) => selected.has(id)).length;
  const pageState = onPage === 0 ? "none" : onPage === pageIds.length ? "all" : "some";
  const toggle = useCallback((id: string) => {
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const togglePage = useCallback(() => {
    setSelected((old) => {
      const next = new Set(old);
      const all = pageIds.length > 0 && pageIds.every((id) => old.has(id));
      for (const id of pageIds) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, [pageIds]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const keep = useCallback((ids: readonly string[]) => setSelected(new Set(ids)), []);
  const isSelected = useCallback((id: string) => selected.has(id), [selected]);
  return useMemo(
    () => ({ selected, isSelected, toggle, togglePage, pageState, clear, keep }),
    [selected, isSelected, toggle, togglePage, pageState, clear, keep],
  );
};
