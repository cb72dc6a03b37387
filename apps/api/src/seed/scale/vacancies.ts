import { FIRST_APPLY_COMMENT, VACANCY_APPLY_STATUS_LABELS } from "@crew/contracts";
import type { TScalePart } from "./part.js";

/**
 * Vacancies at scale (issue 18 §1; docs/vacancies.md): first the vacancies the planning part's
 * published vacancy plans ahead make (as a plan's save does), then `--vacancies` in all on
 * active manning-scale rows of the fleet (rank and vessel of the row, joining 1 to 120 days ahead,
 * 4 to 9 months), three in five published to the site; each published one gets up to
 * `--applies-per-vacancy` applications of applicants of its rank, spread over processing,
 * proposed, rejected and withdrawn, each with its first change comment. Then about one vacancy in
 * three gets an approved application (half of those signed on) with what the approve flow
 * (`apply-status.ts`) writes: the seafarer on the vacancy's plan (status approved, offer,
 * description and to_publish cleared), or on a new approved plan of the vessel's first active
 * row for the rank (start, start + contract months) when the vacancy has none; the vacancy linked
 * to the plan and unpublished; the change comments of each move. Only where the planner's rules
 * hold (the seafarer free over those days, a new plan's row free, one a row and one a seafarer).
 * Set-based, audit trail off, like the other parts.
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
    log(`${written} applications on the published vacancies, each with its first change comment`);
    const approved = await approveSome(db);
    // The seafarers' planning columns (vessel_planned_name, date_planned), as planning does.
    for (let i = 0; i < approved.candidates.length; i += 5000)
      await db.$queryRaw`SELECT users_refresh_derived(${approved.candidates.slice(i, i + 5000)}::int[])::text AS done`;
    await db.$executeRawUnsafe("ANALYZE vacancies, vacancy_applies, vacancy_apply_changes, time_plans");
    log(
      `${approved.approved} approved and ${approved.signedOn} signed on, on the vacancy's plan (${approved.newPlans} new plans)`,
    );
  },
};

type TDb = Parameters<TScalePart["run"]>[0]["db"];

/**
 * Approved and signed-on applications with their plans, the shape `moveStatus` writes on
 * approval (docs/vacancies.md): picked in a temporary table, then written set-based in one
 * transaction. The overlap constraints of time_plans stay the net.
 */
const approveSome = async (
  db: TDb,
): Promise<{ approved: number; signedOn: number; newPlans: number; candidates: number[] }> =>
  db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true), set_config('crew.derived', 'off', true)`;
      await tx.$executeRaw`
        CREATE TEMP TABLE scale_approvals ON COMMIT DROP AS
        WITH v AS (
          SELECT v.id, v.time_plan_id,
                 coalesce(tp.manning_scale_id,
                          (SELECT ms.id FROM manning_scales ms
                            WHERE ms.vessel_id = v.vessel_id AND ms.rank_id = v.role_id AND ms.state = 'active'
                            ORDER BY ms.id LIMIT 1)) AS row_id,
                 coalesce(tp.start, v.start) AS d0,
                 coalesce(tp."end", (v.start + make_interval(months => coalesce(v.contract_duration, 6)))::date) AS d1
            FROM vacancies v LEFT JOIN time_plans tp ON tp.id = v.time_plan_id
           WHERE v.id % 3 = 0 AND (tp.id IS NULL OR tp.user_id IS NULL)
             AND NOT EXISTS (SELECT 1 FROM vacancy_applies a
                              WHERE a.vacancy_id = v.id AND a.status IN ('approved', 'signed_on'))
        ), free AS (
          SELECT v.* FROM v
           WHERE v.row_id IS NOT NULL
             AND (v.time_plan_id IS NOT NULL OR NOT EXISTS (
                   SELECT 1 FROM time_plans t
                    WHERE t.manning_scale_id = v.row_id AND daterange(t.start, t."end", '[)') && daterange(v.d0, v.d1, '[)')))
        ), c AS (
          SELECT f.*, a.id AS apply_id, a.candidate_id, a.created_at AS applied_at,
                 row_number() OVER (PARTITION BY f.id ORDER BY a.id) AS k
            FROM free f JOIN vacancy_applies a ON a.vacancy_id = f.id
           WHERE a.status IN ('processing', 'proposed')
             AND NOT EXISTS (SELECT 1 FROM time_plans t
                              WHERE t.user_id = a.candidate_id AND daterange(t.start, t."end", '[)') && daterange(f.d0, f.d1, '[)'))
        ), u AS (
          SELECT c.*,
                 row_number() OVER (PARTITION BY c.candidate_id ORDER BY c.id) AS kc,
                 row_number() OVER (PARTITION BY CASE WHEN c.time_plan_id IS NULL THEN c.row_id END ORDER BY c.id) AS kr
            FROM c WHERE c.k = 1
        )
        SELECT u.id AS vacancy_id, u.apply_id, u.candidate_id, u.time_plan_id, u.row_id, u.d0, u.d1,
               u.applied_at, (u.id / 3) % 2 = 1 AS signed
          FROM u WHERE u.kc = 1 AND (u.time_plan_id IS NOT NULL OR u.kr = 1)`;
      // The vacancy's own plan: the seafarer on it, approved, no longer offered (repo.fillPlan).
      await tx.$executeRaw`
        UPDATE time_plans tp
           SET user_id = s.candidate_id, status = 'approved', offer = NULL, vacancy_description = NULL,
               to_publish = false, updated_at = now()
          FROM scale_approvals s WHERE tp.id = s.time_plan_id`;
      // No plan: a new approved one on the row (repo.createPlan), then linked.
      const newPlans = await tx.$executeRaw`
        INSERT INTO time_plans (manning_scale_id, user_id, start, "end", status, updated_at)
        SELECT s.row_id, s.candidate_id, s.d0, s.d1, 'approved', now()
          FROM scale_approvals s WHERE s.time_plan_id IS NULL`;
      await tx.$executeRaw`
        UPDATE scale_approvals s SET time_plan_id = tp.id
          FROM time_plans tp
         WHERE s.time_plan_id IS NULL AND tp.manning_scale_id = s.row_id AND tp.user_id = s.candidate_id AND tp.start = s.d0`;
      // repo.linkPlan: the vacancy on its plan, unpublished.
      await tx.$executeRaw`
        UPDATE vacancies v SET time_plan_id = s.time_plan_id, published = false, updated_at = now()
          FROM scale_approvals s WHERE v.id = s.vacancy_id`;
      await tx.$executeRaw`
        UPDATE vacancy_applies a SET status = CASE WHEN s.signed THEN 'signed_on' ELSE 'approved' END, updated_at = now()
          FROM scale_approvals s WHERE a.id = s.apply_id`;
      // The change comment of each move after 'Candidate is applied' (proposed, approved, signed on).
      await tx.$executeRaw`
        INSERT INTO vacancy_apply_changes (vacancy_apply_id, body, apply_status, created_at, updated_at)
        SELECT s.apply_id, m.body, m.status, s.applied_at + m.step * interval '1 day', now()
          FROM scale_approvals s
          CROSS JOIN (VALUES (1, 'proposed', ${`Status changed to ${VACANCY_APPLY_STATUS_LABELS.proposed}`}),
                             (2, 'approved', ${`Status changed to ${VACANCY_APPLY_STATUS_LABELS.approved}`}),
                             (3, 'signed_on', ${`Status changed to ${VACANCY_APPLY_STATUS_LABELS.signed_on}`}))
                     AS m(step, status, body)
         WHERE m.status <> 'signed_on' OR s.signed`;
      const counts = await tx.$queryRaw<
        { approved: number; signed_on: number; candidates: number[] | null }[]
      >`
        SELECT count(*) FILTER (WHERE NOT signed)::int AS approved, count(*) FILTER (WHERE signed)::int AS signed_on,
               array_agg(candidate_id ORDER BY candidate_id) AS candidates
          FROM scale_approvals`;
      const row = counts[0];
      return {
        approved: row?.approved ?? 0,
        signedOn: row?.signed_on ?? 0,
        newPlans,
        candidates: row?.candidates ?? [],
      };
    },
    { timeout: 600_000 },
  );
