import { timePlans } from "@crew/contracts";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { runActionFor } from "../../api/run-action";
import type { TPlannerRow } from "./row-window";

const ZPlannerRows = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      attributes: z.object({
        name: z.string(),
        crewing_priority: z.number(),
        template_offer: z.number().nullable().optional(),
        rank_id: z.number(),
        rank_title: z.string(),
        rank_priority: z.number(),
        vessel_id: z.number(),
        vessel_name: z.string(),
        coordinator_id: z.number().nullable(),
        owner_id: z.number().nullable(),
        owner_name: z.string().nullable(),
        open_vacancies: z.number(),
      }),
    }),
  ),
});

export const PLANNER_ROWS_KEY = ["planner_rows"] as const;

/**
 * The planner's rows (GET /api/planner/rows) as a query: a small module of its own so the root
 * page can start the request while the planner's code (vis-timeline) is still loading.
 */
export const plannerRowsQuery = queryOptions({
  queryKey: PLANNER_ROWS_KEY,
  queryFn: async ({ signal }): Promise<TPlannerRow[]> => {
    const answer = await runActionFor(timePlans, "planner_rows", { input: {} }, ZPlannerRows, { signal });
    return answer.data.map(({ id, attributes: a }) => ({
      id: Number(id),
      name: a.name,
      priority: a.crewing_priority,
      templateOffer: a.template_offer ?? null,
      rankId: a.rank_id,
      rankTitle: a.rank_title,
      rankPriority: a.rank_priority,
      vesselId: a.vessel_id,
      vesselName: a.vessel_name,
      coordinatorId: a.coordinator_id,
      ownerId: a.owner_id,
      ownerName: a.owner_name,
      openVacancies: a.open_vacancies,
    }));
  },
  staleTime: 60_000,
});
