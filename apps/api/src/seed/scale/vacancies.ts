import { FIRST_APPLY_COMMENT } from "@crew/contracts";
import type { TScalePart } from "./part.js";

/**
 * Vacancies at scale (issue 18 §1; docs/vacancies.md): first the vacancies the planning part's
 * published vacancy plans ahead make (as a plan's save does), then `--vacancies` in all on
 * active manning-scale rows of the fleet (rank and vessel of the row, joining 1 to 120 days ahead,
 * 4 to 9 months), three in five published to the site; each published one gets up to
 * `--applies-per-vacancy` applications of applicants of its rank, spread over processing,
 * proposed, rejected and withdrawn (approved and signed on need a plan, which staff make), each
 * with its first change comment. Set-based, audit trail off, like the other parts.
 */
export const vacanciesScalePart: TScalePart = {
  name: "vacancies",
  flags: {
    vacancies: { default: 3_000, help: "vacancy rows in all (those of published vacancy plans ahead first)" },
    "applies-per-vacancy": { default: 6, help: "applications at most on each published vacancy" },
  },
  async run({ db, flags, log }) {
    const total = flags.vacancies ?? 3_000;
    const applies = flags["applies-per-vacancy"] ?? 6;
    if (total === 0) return log("no vacancies asked for");
    const made = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true), set_config('crew.derived', 'off', true)`;
        const fromPlans = await tx.$executeRaw`
          INSERT INTO vacancies (role_id, vessel_id, time_plan_id, start, contract_duration, wage, description,
                                 published, sources, published_at, updated_at)
          SELECT ms.rank_id, ms.vessel_id, tp.id, tp.start,
                 greatest(1, round((tp."end" - tp.start) / 30.44))::int, tp.offer, tp.vacancy_description,
                 true, ARRAY['site'], now(), now()
            FROM time_plans tp JOIN manning_scales ms ON ms.id = tp.manning_scale_id
           WHERE tp.status = 'vacancy' AND tp.to_publish AND tp.start >= current_date AND ms.vessel_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM vacancies v WHERE v.time_plan_id = tp.id)
           ORDER BY tp.start, tp.id
           LIMIT ${total}`;
        const own = await tx.$executeRaw`
          WITH r AS (
            SELECT ms.id, ms.rank_id, ms.vessel_id, ms.template_offer, row_number() OVER (ORDER BY ms.id) AS ri
              FROM manning_scales ms JOIN vessels v ON v.id = ms.vessel_id
             WHERE ms.state = 'active' AND v.is_active
          ), n AS (SELECT count(*)::int AS rows FROM r)
          INSERT INTO vacancies (role_id, vessel_id, start, contract_duration, wage, description, requirements,
                                 published, sources, published_at, updated_at)
          SELECT r.rank_id, r.vessel_id, current_date + 1 + (s * 37) % 120, 4 + s % 6, r.template_offer,
                 'Scale seed vacancy ' || s, CASE WHEN s % 4 = 0 THEN 'Valid documents for the rank' END,
                 s % 5 < 3, CASE WHEN s % 5 < 3 THEN ARRAY['site'] ELSE ARRAY[]::text[] END,
                 CASE WHEN s % 5 < 3 THEN now() END, now()
            FROM generate_series(1, greatest(0, ${total}::int - ${fromPlans}::int)) AS s
            CROSS JOIN n
            JOIN r ON r.ri = 1 + (s * 7919) % greatest(n.rows, 1)`;
        return { fromPlans, own };
      },
      { timeout: 600_000 },
    );
    log(`${made.fromPlans + made.own} vacancies (${made.fromPlans} of published vacancy plans ahead)`);
    if (applies === 0) return;
    const written = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true), set_config('crew.derived', 'off', true)`;
        // Applicants of the vacancy's rank, a different slice for each vacancy.
        const n = await tx.$executeRaw`
          WITH v AS (
            SELECT v.id, v.role_id, row_number() OVER (PARTITION BY v.role_id ORDER BY v.id) AS k
              FROM vacancies v
             WHERE v.published AND NOT EXISTS (SELECT 1 FROM vacancy_applies a WHERE a.vacancy_id = v.id)
          ), c AS (
            SELECT u.id, u.role_id, row_number() OVER (PARTITION BY u.role_id ORDER BY u.id) AS j,
                   count(*) OVER (PARTITION BY u.role_id) AS m
              FROM users u WHERE NOT u.archived AND u.role_id IS NOT NULL
          )
          INSERT INTO vacancy_applies (vacancy_id, candidate_id, status, source, created_at, updated_at)
          SELECT v.id, c.id,
                 (ARRAY['processing', 'processing', 'proposed', 'rejected', 'withdrawn'])[1 + (v.id + c.j) % 5],
                 CASE WHEN (v.id + c.j) % 3 = 0 THEN 'site' ELSE 'staff' END, now(), now()
            FROM v JOIN c ON c.role_id = v.role_id
           WHERE c.j > ((v.k - 1) * ${applies}::int) % c.m AND c.j <= ((v.k - 1) * ${applies}::int) % c.m + 1 + (v.id % ${applies}::int)
          ON CONFLICT DO NOTHING`;
        await tx.$executeRaw`
          INSERT INTO vacancy_apply_changes (vacancy_apply_id, body, apply_status, created_at, updated_at)
          SELECT a.id, ${FIRST_APPLY_COMMENT}, 'processing', a.created_at, now()
            FROM vacancy_applies a
           WHERE NOT EXISTS (SELECT 1 FROM vacancy_apply_changes c WHERE c.vacancy_apply_id = a.id)`;
        return n;
      },
      { timeout: 600_000 },
    );
    await db.$executeRawUnsafe("ANALYZE vacancies, vacancy_applies, vacancy_apply_changes");
    log(`${written} applications on the published vacancies, each with its first change comment`);
  },
};
