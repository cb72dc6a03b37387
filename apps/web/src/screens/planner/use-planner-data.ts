import { timePlans } from "@crew/contracts";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { getList, queryKeys } from "../../api";
import { recordOf, type TRecordOf } from "../../api/record-types";
import { plannerRowsQuery } from "./planner-rows";
import type { TPlannerRow } from "./row-window";

/**
 * Every manning-scale row the user may plan on, with its vessel, owner and rank (GET
 * /api/planner/rows): the scheduler's groups and the filter's choices come from it, so a
 * partner plans without reading vessels or manning scales. The query is planner-rows.ts's,
 * which the root page starts while the planner's code still loads.
 */
export const usePlannerRows = () => useQuery(plannerRowsQuery);

interface TOption {
  value: string;
  label: string;
}

/** The filter's choices from the rows: owners, vessels (of the chosen owners, or all), ranks in crewing order. */
export const plannerChoices = (rows: readonly TPlannerRow[], ownerIds: readonly number[] | "all") => {
  const owners = new Map<number, string>();
  const vessels = new Map<number, string>();
  const ranks = new Map<number, { label: string; priority: number }>();
  for (const r of rows) {
    if (r.ownerId !== null && r.ownerName !== null) owners.set(r.ownerId, r.ownerName);
    if (ownerIds === "all" || (r.ownerId !== null && ownerIds.includes(r.ownerId)))
      vessels.set(r.vesselId, r.vesselName);
    ranks.set(r.rankId, { label: r.rankTitle, priority: r.rankPriority });
  }
  const byLabel = (a: TOption, b: TOption) => a.label.localeCompare(b.label);
  return {
    ownerOptions: [...owners].map(([id, label]) => ({ value: String(id), label })).sort(byLabel),
    vesselOptions: [...vessels].map(([id, label]) => ({ value: String(id), label })).sort(byLabel),
    rankOptions: [...ranks]
      .sort((a, b) => a[1].priority - b[1].priority)
      .map(([id, r]) => ({ value: String(id), label: r.label })),
  };
};

/** Every vessel of these owners that has rows to plan on: what choosing the owners selects. */
export const vesselsOfOwners = (rows: readonly TPlannerRow[], ownerIds: readonly number[]): number[] => [
  ...new Set(rows.filter((r) => r.ownerId !== null && ownerIds.includes(r.ownerId)).map((r) => r.vesselId)),
];

export type TPlanRecord = TRecordOf<typeof timePlans>;

/** The manning-scale row of a plan (every plan has one; -1 never names a row). */
export const rowIdOf = (plan: TPlanRecord): number => plan.attributes.ms_id ?? -1;

/** What the scheduler draws a plan with: a sparse fieldset keeps the answer small (no other periods). */
export const SCHEDULER_FIELDS = [
  "start",
  "end",
  "status",
  "to_publish",
  "repair_team",
  "offer",
  "ms_id",
  "user_id",
  "user_name",
  "readiness_date",
  "telegram_bot",
  "problem_newcomer",
  "port_name",
  "last_comment_body",
  "crew_change_sign_on_id",
  "crew_change_sign_off_id",
  "warnings",
] as const;

export const PLANS_KEY = queryKeys.lists(timePlans);
/** Rows are fetched in blocks of this many, so scrolling back and forth reuses what was loaded. */
export const PLAN_BLOCK_ROWS = 20;

/** The blocks (of PLAN_BLOCK_ROWS rows each) holding the rows on screen, as "0,1": a scroll within a block changes nothing. */
export const blocksOf = (rows: readonly TPlannerRow[], visibleRowIds: readonly number[]): string => {
  const index = new Map(rows.map((r, i) => [r.id, Math.floor(i / PLAN_BLOCK_ROWS)]));
  return [...new Set(visibleRowIds.flatMap((id) => index.get(id) ?? []))].sort((a, b) => a - b).join(",");
};

/**
 * The plans of the rows on screen in the time window (spec 002 §2: a viewport change loads the
 * items of the new range only): the rows are cut into fixed blocks and each block on screen is
 * one request, cached, so a scroll asks only for the blocks it brings in.
 */
export const usePlans = (
  rows: readonly TPlannerRow[],
  blocks: string,
  from: string,
  to: string,
  partnerView: boolean,
) => {
  const wanted = blocks ? blocks.split(",").map(Number) : [];
  // partner_view is never sent offers or publication marks: it does not ask for them either.
  const fields = SCHEDULER_FIELDS.filter((f) => !partnerView || (f !== "offer" && f !== "to_publish"));
  return useQueries({
    queries: wanted.map((block) => {
      const ids = rows
        .slice(block * PLAN_BLOCK_ROWS, (block + 1) * PLAN_BLOCK_ROWS)
        .map((r) => r.id)
        .join(",");
      return {
        queryKey: [...PLANS_KEY, { rows: ids, from, to }],
        queryFn: async ({ signal }: { signal: AbortSignal }) => {
          const page = await getList(
            "time_plans",
            {
              perPage: 25_000,
              filter: { date_range: `${from},${to}`, manning_scale_id: ids },
              fields: { time_plans: fields },
            },
            signal,
          );
          return page.data.map((p) => recordOf(timePlans, p));
        },
        placeholderData: keepPreviousData,
        enabled: ids.length > 0,
      };
    }),
    combine: combinePlans,
  });
};

/** One list of the blocks' plans (a stable function: react-query then recombines only when a block changed). */
const combinePlans = (results: readonly { data?: TPlanRecord[] | undefined; isFetching: boolean }[]) => ({
  data: results.flatMap((r) => r.data ?? []),
  isFetching: results.some((r) => r.isFetching),
});
