import type { TScalePart } from "./part.js";

/**
 * Planning at scale: `--timeplans` plans spread evenly over the active manning-scale rows that
 * have none yet (the fleet part's or any earlier ones), all inside the planner's first window
 * (five months back, about three and a half ahead), so the scheduler's worst case is what it
 * opens on: `--vessels 50 --manning-rows 1000 --timeplans 20000` puts 20 plans on each of 1,000
 * rows in view. A row's plans follow each other without a gap (a relief signs on the day the
 * relieved signs off); by their dates they are completed, on board or planned ahead (approved,
 * pending approval, to propose, other agency), and one in ten is a vacancy (most published,
 * with the row's offer). Seafarers are the applicants with no plan yet, never two plans of one
 * at once; without enough of them the rest are vacancies. One INSERT ... SELECT with the audit
 * trail and the applicants' derived feeds off (docs/versions.md, docs/applicants.md), then the
 * planning columns of the applicants concerned refreshed once.
 */
const WINDOW_BACK_DAYS = 150;
const WINDOW_DAYS = 255;

export const planningScalePart: TScalePart = {
  name: "planning",
  flags: {
    timeplans: {
      default: 20_000,
      help: "timeplans, spread over the active manning-scale rows without plans, all in the planner's first window",
    },
  },
  async run({ db, flags, log }) {
    const total = flags.timeplans ?? 20_000;
    if (total === 0) return log("no timeplans asked for");
    const [counts] = await db.$queryRaw<{ rows: number; pool: number }[]>`
      SELECT (SELECT count(*)::int FROM manning_scales ms JOIN vessels v ON v.id = ms.vessel_id
               WHERE ms.state = 'active' AND v.is_active AND NOT EXISTS (SELECT 1 FROM time_plans t WHERE t.manning_scale_id = ms.id)) AS rows,
             (SELECT count(*)::int FROM users u WHERE NOT u.archived AND NOT EXISTS (SELECT 1 FROM time_plans t WHERE t.user_id = u.id)) AS pool`;
    const rows = counts?.rows ?? 0;
    if (!rows)
      return log("no manning-scale rows without plans: run the fleet part first (--vessels, --manning-rows)");
    const perRow = Math.ceil(total / rows);
    const days = Math.max(1, Math.floor(WINDOW_DAYS / perRow));
    log(
      `${total} plans on ${rows} rows: ${perRow} a row of ${days} days each; ${counts?.pool ?? 0} applicants free to plan`,
    );
    const inserted = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true), set_config('crew.derived', 'off', true)`;
        return tx.$executeRaw`
        WITH r AS (
          SELECT ms.id, ms.template_offer, (row_number() OVER (ORDER BY ms.id) - 1)::int AS ri
            FROM manning_scales ms JOIN vessels v ON v.id = ms.vessel_id
           WHERE ms.state = 'active' AND v.is_active AND NOT EXISTS (SELECT 1 FROM time_plans t WHERE t.manning_scale_id = ms.id)
        ), pool AS (
          SELECT coalesce(array_agg(u.id ORDER BY u.id), '{}') AS ids FROM users u
           WHERE NOT u.archived AND NOT EXISTS (SELECT 1 FROM time_plans t WHERE t.user_id = u.id)
        ), p AS (
          SELECT r.id AS ms, r.template_offer, r.ri, s,
                 current_date - ${WINDOW_BACK_DAYS}::int + s * ${days}::int AS d0,
                 current_date - ${WINDOW_BACK_DAYS}::int + (s + 1) * ${days}::int AS d1,
                 -- one plan in ten is a vacancy; the rest have a seafarer when the pool has one for this row
                 ((r.ri * 7 + s * 3) % 10 = 0 OR r.ri >= cardinality(pool.ids)) AS vacancy,
                 pool.ids[1 + (r.ri + s * ${rows}::int) % greatest(cardinality(pool.ids), 1)] AS user_id
            FROM r CROSS JOIN pool CROSS JOIN generate_series(0, ${perRow - 1}::int) AS s
           WHERE r.ri * ${perRow}::int + s < ${total}::int
        )
        INSERT INTO time_plans (manning_scale_id, user_id, start, "end", status, to_publish, offer, updated_at)
        SELECT ms,
               CASE WHEN vacancy THEN NULL ELSE user_id END,
               d0, d1,
               CASE WHEN vacancy THEN 'vacancy'
                    WHEN d1 <= current_date THEN 'completed'
                    WHEN d0 <= current_date THEN 'on_board'
                    ELSE (ARRAY['approved', 'pending_approval', 'to_propose', 'other_agency'])[1 + (ri + s) % 4] END,
               vacancy AND (ri + s) % 3 <> 0,
               CASE WHEN vacancy THEN coalesce(template_offer, 2000) END,
               now()
          FROM p`;
      },
      { maxWait: 60_000, timeout: 30 * 60_000 },
    );
    log(`${inserted} timeplans`);
    // The applicants' planning columns (vessel_planned_name, date_planned), once, set-based.
    const ids = (
      await db.$queryRaw<
        { id: number }[]
      >`SELECT DISTINCT user_id AS id FROM time_plans WHERE user_id IS NOT NULL ORDER BY 1`
    ).map((x) => x.id);
    for (let i = 0; i < ids.length; i += 5000)
      await db.$queryRaw`SELECT users_refresh_derived(${ids.slice(i, i + 5000)}::int[])::text AS done`;
    log(`planning columns of ${ids.length} applicants refreshed`);
    await db.$executeRawUnsafe("VACUUM ANALYZE time_plans");
    log("vacuumed and analysed");
  },
};
