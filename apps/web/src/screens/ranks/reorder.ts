import type { TResourceRecord } from "../../resources/data/resource-types";

/**
 * The page after moving one rank from `from` to `to` (indexes on the page), renumbered the
 * way the server will: crewing_priority is the 1-based position in the whole list, so the
 * page's first row is `offset + 1`. Returns null for a drop in place (spec: it does nothing).
 */
export const moveRecord = (
  records: readonly TResourceRecord[],
  from: number,
  to: number,
  offset: number,
): TResourceRecord[] | null => {
  if (from === to || from < 0 || to < 0 || from >= records.length || to >= records.length) return null;
  const next = [...records];
  const [moved] = next.splice(from, 1);
  if (!moved) return null;
  next.splice(to, 0, moved);
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  return next.map((record, index) =>
    index < low || index > high
      ? record
      : { ...record, attributes: { ...record.attributes, crewing_priority: offset + index + 1 } },
  );
};

/** Dragging means "put it at this position", which is only true in priority order, unfiltered. */
export const canReorder = (
  sort: { field: string; order: string },
  filterCount: number,
  search: string,
): boolean => sort.field === "crewing_priority" && sort.order === "asc" && filterCount === 0 && search === "";
