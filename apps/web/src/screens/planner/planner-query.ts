/**
 * The scheduler's state in the address (spec 002 §2): open (the user section), cell (cell
 * width), day (start date), roleIds, vesselIds, ownerIds, additionalFilter. On entry the
 * filter comes from the address, then the saved query, then the defaults.
 */
export interface TPlannerQuery {
  open: boolean;
  cell: number;
  /** First day shown, YYYY-MM-DD. */
  day: string;
  roleIds: number[];
  vesselIds: number[];
  /** Owner ids, or "all". */
  ownerIds: number[] | "all";
  additionalFilter: string;
}

export const DEFAULT_CELL = 140;
export const SAVED_QUERY_KEY = "timeplans.query";
/** The keys the address carries (the user-section toggle, cell width and start date do not update it, spec 002 §2). */
const FILTER_KEYS = ["roleIds", "vesselIds", "ownerIds", "additionalFilter"] as const;

const ids = (raw: string | null): number[] =>
  (raw ?? "")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

/** Start date default: five months back (spec 002 §9), as YYYY-MM-DD. */
export const defaultDay = (now: Date): string => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, now.getUTCDate()));
  return d.toISOString().slice(0, 10);
};

const hasFilter = (params: URLSearchParams): boolean => FILTER_KEYS.some((k) => params.has(k));

/** The query on entry: the address when it has a filter, else the saved query, else the defaults. */
export const initialQuery = (search: string, saved: string | null, now: Date): TPlannerQuery => {
  const fromAddress = new URLSearchParams(search);
  const params = hasFilter(fromAddress) ? fromAddress : new URLSearchParams(saved ?? "");
  const day = fromAddress.get("day") ?? params.get("day");
  const owners = params.get("ownerIds");
  const cell = Number(fromAddress.get("cell") ?? params.get("cell"));
  return {
    open: (fromAddress.get("open") ?? params.get("open")) === "true",
    cell: Number.isFinite(cell) && cell >= 40 && cell <= 600 ? cell : DEFAULT_CELL,
    day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : defaultDay(now),
    roleIds: ids(params.get("roleIds")),
    vesselIds: ids(params.get("vesselIds")),
    ownerIds: owners === null || owners === "all" ? "all" : ids(owners),
    additionalFilter: params.get("additionalFilter") ?? "",
  };
};

/** The address query of a state (what a reload or a shared link restores). */
export const toSearch = (q: TPlannerQuery): string => {
  const p = new URLSearchParams();
  if (q.open) p.set("open", "true");
  if (q.cell !== DEFAULT_CELL) p.set("cell", String(q.cell));
  p.set("day", q.day);
  if (q.roleIds.length) p.set("roleIds", q.roleIds.join(","));
  if (q.vesselIds.length) p.set("vesselIds", q.vesselIds.join(","));
  p.set("ownerIds", q.ownerIds === "all" ? "all" : q.ownerIds.join(","));
  if (q.additionalFilter) p.set("additionalFilter", q.additionalFilter);
  return p.toString();
};

/** A filter is complete with at least one vessel and one rank (spec 002 §4). */
export const isComplete = (q: TPlannerQuery): boolean => q.vesselIds.length > 0 && q.roleIds.length > 0;

/** How many vessels the default filter shows when the user coordinates none. */
const DEFAULT_VESSELS = 5;

/**
 * The defaults of role ids and vessel ids (spec 002 §2) when neither the address nor a saved
 * query chose any: the vessels the user coordinates (else the first few by name) and every rank,
 * so the first screen is a plan, not an empty form.
 */
export const defaultFilter = (
  rows: readonly { vesselId: number; vesselName: string; rankId: number; coordinatorId: number | null }[],
  me: number,
): Pick<TPlannerQuery, "vesselIds" | "roleIds"> => {
  const mine = [...new Set(rows.filter((r) => r.coordinatorId === me).map((r) => r.vesselId))];
  const byName = [...new Map(rows.map((r) => [r.vesselId, r.vesselName])).entries()]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([id]) => id);
  return {
    vesselIds: mine.length ? mine : byName.slice(0, DEFAULT_VESSELS),
    roleIds: [...new Set(rows.map((r) => r.rankId))],
  };
};
