import { seedEquipmentMatrices } from "../demo/equipment-matrix.js";
import { bulk } from "./bulk.js";
import type { TScalePart } from "./part.js";

const REASON = "Crew rotation (scale)";

/**
 * PPE orders at scale (issue 17 §3): every owner without a protective-equipment matrix gets the
 * demo's (its fleet's ranks, prices, quantities by department), the applicants get sizes (one in
 * nine left without, as the demo's), and `--crew-changes` vessels get a planned crew change on
 * the coming day most of their seafarers sign on, those plans its sign-ons, so the PPE order
 * prints a full crew's worth. Set-based, with the audit trail off; after the planning part.
 */
export const ppeOrdersScalePart: TScalePart = {
  name: "ppe orders",
  flags: {
    "crew-changes": {
      default: 100,
      help: "vessels given a planned crew change with their coming sign-ons (0: none); matrices and sizes either way",
    },
  },
  async run({ db, flags, log }) {
    // Sizes first, with the audit trail off: the demo's update would write a version per applicant.
    const sized = await bulk(
      db,
      (tx) => tx.$executeRaw`
        UPDATE users SET
          coverall_size = (ARRAY['S','M','L','L','XL','XL','XXL','3XL'])[1 + (id * 7) % 8],
          shoe_size = (39 + (id * 5) % 9)::text,
          height = 165 + (id * 13) % 30,
          weight = 62 + (id * 17) % 38
        WHERE coverall_size IS NULL AND id % 9 <> 0`,
    );
    log(`sizes on ${sized} applicants`);
    await seedEquipmentMatrices(db);
    const [matrices] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM owner_matrices`;
    log(`${matrices?.n ?? 0} PPE matrices`);
    const wanted = flags["crew-changes"] ?? 100;
    if (wanted === 0) return log("no crew changes asked for");
    const made = await bulk(db, async (tx) => {
      const changes = await tx.$queryRaw<{ id: number }[]>`
        WITH days AS (
          SELECT ms.vessel_id, t.start::date AS day, count(*) AS n,
                 row_number() OVER (PARTITION BY ms.vessel_id ORDER BY count(*) DESC, t.start::date) AS k
          FROM time_plans t JOIN manning_scales ms ON ms.id = t.manning_scale_id
          WHERE t.user_id IS NOT NULL AND t.start > now() AND t.crew_change_sign_on_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM crew_changes c WHERE c.vessel_id = ms.vessel_id AND c.reason = ${REASON})
          GROUP BY ms.vessel_id, t.start::date)
        INSERT INTO crew_changes (date, state, vessel_id, reason, updated_at)
        SELECT day, 'planned', vessel_id, ${REASON}, now() FROM days WHERE k = 1 ORDER BY n DESC, vessel_id LIMIT ${wanted}
        RETURNING id`;
      const ids = changes.map((c) => c.id);
      if (!ids.length) return { changes: 0, signOns: 0 };
      const signOns = await tx.$executeRaw`
        UPDATE time_plans t SET crew_change_sign_on_id = c.id
        FROM crew_changes c, manning_scales ms
        WHERE c.id = ANY(${ids}::int[]) AND ms.id = t.manning_scale_id AND ms.vessel_id = c.vessel_id
          AND t.start::date = c.date AND t.user_id IS NOT NULL AND t.crew_change_sign_on_id IS NULL`;
      await tx.$executeRaw`
        INSERT INTO crew_lists (crew_change_id, sign_on_id, updated_at)
        SELECT t.crew_change_sign_on_id, t.id, now() FROM time_plans t
        WHERE t.crew_change_sign_on_id = ANY(${ids}::int[])`;
      return { changes: ids.length, signOns };
    });
    log(`${made.changes} crew changes with ${made.signOns} sign-ons`);
  },
};
