/** A row of the planner: one manning-scale row of a vessel (GET /api/planner/rows). */
export interface TPlannerRow {
  id: number;
  /** The row's title: the rank, numbered when a vessel has several ("AB 2"). */
  name: string;
  /** Order within the vessel. */
  priority: number;
  templateOffer: number | null;
  rankId: number;
  rankTitle: string;
  rankPriority: number;
  vesselId: number;
  vesselName: string;
  coordinatorId: number | null;
  ownerId: number | null;
  ownerName: string | null;
  /** Vacancies on the row that have not ended. */
  openVacancies: number;
}

/**
 * The rows vis-timeline is given: those on screen and a few below them. vis-timeline lays out
 * every group it holds on each redraw, so 1,000 rows took seconds to first draw and hundreds of
 * milliseconds per frame; a window of ~40 rows keeps both small (docs/planner.md has the
 * measurements). The first row given is the first row shown (vis-timeline does not scroll).
 */
export const rowWindow = (
  scrollTop: number,
  rowHeight: number,
  viewportHeight: number,
  total: number,
  below = 4,
): { first: number; last: number } => {
  const visible = Math.ceil(viewportHeight / rowHeight);
  const first = Math.max(0, Math.min(Math.floor(scrollTop / rowHeight), total - visible));
  const last = Math.min(total - 1, first + visible + below);
  return { first, last };
};

/** Extra filters of the scheduler's rows (spec 002 §4 "plus an optional extra filter"). */
export type TAdditionalFilter = "" | "my_vessels" | "vacancies";

/**
 * The scheduler's rows (spec 002 §4): manning-scale rows of the chosen vessels and ranks, vessels
 * by name, rows by crewing priority within each vessel, narrowed by the extra filter.
 */
export const plannerRows = (
  rows: readonly TPlannerRow[],
  query: { vesselIds: readonly number[]; roleIds: readonly number[]; additionalFilter: string },
  me: number,
): TPlannerRow[] =>
  rows
    .filter((r) => query.vesselIds.includes(r.vesselId) && query.roleIds.includes(r.rankId))
    .filter((r) => query.additionalFilter !== "my_vessels" || r.coordinatorId === me)
    .filter((r) => query.additionalFilter !== "vacancies" || r.openVacancies > 0)
    .sort(
      (a, b) =>
        a.vesselName.localeCompare(b.vesselName) ||
        a.vesselId - b.vesselId ||
        a.priority - b.priority ||
        a.id - b.id,
    );
