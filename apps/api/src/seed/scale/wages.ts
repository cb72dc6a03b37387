import type { TScalePart } from "./part.js";

/**
 * Owners' wage scales at scale (docs/owners-terms.md): every owner without a normal scale gets
 * one over the ranks of its fleet's manning scales, with the default bonus cells (sb_2, sb_3,
 * sb_4, spb, pb), and every `--alternative-every`th owner an alternative scale for a
 * nationality. Set-based, one transaction, the audit trail off (docs/versions.md).
 */
export const wagesScalePart: TScalePart = {
  name: "wages",
  flags: {
    "alternative-every": {
      default: 5,
      help: "every n-th owner gets an alternative scale per nationality (0: none)",
    },
  },
  async run({ db, flags, log }) {
    const every = flags["alternative-every"] ?? 5;
    const made = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true)`;
        await tx.$executeRaw`
          CREATE TEMP TABLE scale_owner_ranks ON COMMIT DROP AS
          SELECT DISTINCT o.id AS owner_id, ms.rank_id, r.crewing_priority
            FROM owners o
            JOIN owner_vessels ov ON ov.owner_id = o.id
            JOIN manning_scales ms ON ms.vessel_id = ov.vessel_id AND ms.state = 'active'
            JOIN ranks r ON r.id = ms.rank_id
           WHERE NOT EXISTS (SELECT 1 FROM wage_scales w WHERE w.owner_id = o.id AND w.scale_type = 'normal')`;
        // A monthly total falling with the rank's place in the order, split 55/28/12/5 %.
        const rows = await tx.$executeRaw`
          INSERT INTO wage_scales (owner_id, rank_id, scale_type, basic_wage, guaranteed_overtime, leave_pay, other_allowances, updated_at)
          SELECT owner_id, rank_id, 'normal', t * 55 / 100, t * 28 / 100, t * 12 / 100, t - t * 55 / 100 - t * 28 / 100 - t * 12 / 100, now()
            FROM (SELECT owner_id, rank_id, greatest(600, 12000 - crewing_priority * 600 + (owner_id % 7) * 50) AS t FROM scale_owner_ranks) s`;
        await tx.$executeRaw`
          INSERT INTO wage_bonuses (owner_id, rank_id, bonus_type, consequent_contracts, total, updated_at)
          SELECT s.owner_id, s.rank_id, b.type, b.n, greatest(0, 600 - s.crewing_priority * 25) * greatest(b.n - 1, 1) / 4, now()
            FROM scale_owner_ranks s,
                 (VALUES ('sb', 2), ('sb', 3), ('sb', 4), ('spb', 0), ('pb', 0)) AS b(type, n)
          ON CONFLICT DO NOTHING`;
        if (every > 0) {
          await tx.$executeRaw`
            CREATE TEMP TABLE scale_alt_owners ON COMMIT DROP AS
            SELECT o.owner_id, c.ids[1 + o.owner_id % array_length(c.ids, 1)] AS nationality_id
              FROM (SELECT DISTINCT owner_id FROM scale_owner_ranks WHERE owner_id % ${every}::int = 0) o,
                   (SELECT array_agg(id ORDER BY id) AS ids FROM countries) c
             WHERE c.ids IS NOT NULL`;
          await tx.$executeRaw`
            INSERT INTO wage_scale_nationalities (owner_id, nationality_id, updated_at)
            SELECT owner_id, nationality_id, now() FROM scale_alt_owners ON CONFLICT DO NOTHING`;
          await tx.$executeRaw`
            INSERT INTO wage_scales (owner_id, rank_id, scale_type, nationality_id, basic_wage, guaranteed_overtime, leave_pay, other_allowances, updated_at)
            SELECT w.owner_id, w.rank_id, 'alternative', a.nationality_id, w.basic_wage * 9 / 10, w.guaranteed_overtime * 9 / 10, w.leave_pay, w.other_allowances, now()
              FROM wage_scales w JOIN scale_alt_owners a ON a.owner_id = w.owner_id
             WHERE w.scale_type = 'normal'`;
        }
        return rows;
      },
      { timeout: 600_000 },
    );
    log(`wage scales: ${made} rows for owners that had none`);
  },
};
