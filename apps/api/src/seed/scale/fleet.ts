import { DEMO_RANKS, DEMO_REFERENCE_DATA } from "../demo-data.js";
import type { TDb } from "../../db/client.js";
import type { TScalePart } from "./part.js";

/**
 * The fleet at scale: owners, managers, `--vessels` vessels with valid IMO check digits,
 * owner and manager links, coordinators and recruiters from the staff, and `--manning-rows`
 * manning-scale rows spread evenly over the vessels (a realistic scale order, repeated ranks
 * numbered "AB 1", "AB 2"). Set-based: a few INSERT ... SELECT generate_series statements in
 * one transaction with the audit trail off (docs/versions.md). Runs again beside an earlier
 * run: new IMO numbers continue after the vessels already there.
 */
const SCALE_ORDER = [
  "Master",
  "Chief Officer",
  "2nd Officer",
  "3rd Officer",
  "Chief Engineer",
  "2nd Engineer",
  "3rd Engineer",
  "4th Engineer",
  "ETO",
  "Bosun",
  "AB",
  "AB",
  "AB",
  "OS",
  "OS",
  "Fitter",
  "Oiler",
  "Oiler",
  "Wiper",
  "Cook",
  "Deck Cadet",
  "Engine Cadet",
  "AB",
  "Oiler",
];
const OFFER: Record<string, number> = {
  Master: 11_500,
  "Chief Officer": 7_500,
  "2nd Officer": 4_300,
  "3rd Officer": 3_400,
  "Chief Engineer": 11_000,
  "2nd Engineer": 7_000,
  "3rd Engineer": 4_300,
  "4th Engineer": 2_900,
  ETO: 5_700,
  Bosun: 2_300,
  AB: 1_750,
  OS: 1_200,
  Fitter: 2_100,
  Oiler: 1_650,
  Wiper: 1_200,
  Cook: 2_000,
  "Deck Cadet": 600,
  "Engine Cadet": 600,
};
const FIRST = [
  "Nordic",
  "Aegean",
  "Baltic",
  "Pacific",
  "Atlantic",
  "Cape",
  "Ionian",
  "Adriatic",
  "Caspian",
  "Coral",
  "Polar",
  "Amber",
  "Silver",
  "Golden",
  "Jade",
  "Azure",
];
const SECOND = [
  "Star",
  "Breeze",
  "Pioneer",
  "Horizon",
  "Harmony",
  "Spirit",
  "Voyager",
  "Trader",
  "Navigator",
  "Venture",
  "Glory",
  "Crest",
  "Dawn",
  "Wave",
  "Fortune",
  "Mariner",
];
const OWNER_WORDS = [
  "Atlas",
  "Meridian",
  "Poseidon",
  "Kyma",
  "Aurora",
  "Hermes",
  "Triton",
  "Orion",
  "Delta",
  "Sirius",
  "Vega",
  "Boreas",
];

/** Reference data the fleet needs, when the database has none (seed:scale on an empty database). */
const ensureReferenceData = async (db: TDb): Promise<void> => {
  await db.rank.createMany({
    data: DEMO_RANKS.map((r, i) => ({ ...r, crewingPriority: i + 1 })),
    skipDuplicates: true,
  });
  await db.vesselType.createMany({
    data: DEMO_REFERENCE_DATA.vesselTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.country.createMany({
    data: DEMO_REFERENCE_DATA.countries.map(([code, name]) => ({ code, name })),
    skipDuplicates: true,
  });
};

export const fleetScalePart: TScalePart = {
  name: "fleet",
  flags: {
    vessels: { default: 500, help: "vessels (with owners, managers, coordinators and recruiters)" },
    "manning-rows": { default: 10_000, help: "manning-scale rows, spread evenly over the vessels" },
  },
  async run({ db, flags, log }) {
    const vessels = flags.vessels ?? 500;
    const rows = flags["manning-rows"] ?? 10_000;
    if (vessels === 0) return log("no vessels asked for");
    await ensureReferenceData(db);
    const owners = Math.max(5, Math.ceil(vessels / 10));
    const managers = Math.max(3, Math.ceil(vessels / 25));
    await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true)`;
        const start = await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM vessels`;
        const offset = Number(start[0]?.n ?? 0);
        const run = `${Date.now().toString(36)}`;

        await tx.$executeRaw`
          INSERT INTO owners (title, short_title, updated_at)
          SELECT (${OWNER_WORDS}::text[])[1 + n % ${OWNER_WORDS.length}] || ' Shipping ' || ${run} || '-' || n, 'OWN-' || n, now()
          FROM generate_series(1, ${owners}::int) AS n`;
        await tx.$executeRaw`
          INSERT INTO managers (title, updated_at)
          SELECT (${OWNER_WORDS}::text[])[1 + (n * 5) % ${OWNER_WORDS.length}] || ' Ship Management ' || ${run} || '-' || n, now()
          FROM generate_series(1, ${managers}::int) AS n`;

        // IMO numbers 1xxxxxx (never a demo ship's 9xxxxxx) with the check digit of their first six (weights 7..2).
        await tx.$executeRaw`
          WITH refs AS (
            SELECT (SELECT array_agg(id ORDER BY id) FROM vessel_types) AS types,
                   (SELECT array_agg(id ORDER BY id) FROM countries) AS flags,
                   (SELECT array_agg(id ORDER BY id) FROM main_engines) AS engines
          ), s AS (
            SELECT n, lpad((100000 + ${offset}::int + n)::text, 6, '0') AS f6 FROM generate_series(1, ${vessels}::int) AS n
          )
          INSERT INTO vessels (name, imo, call_sign, flag_id, vessel_type_id, main_engine_id, year_built, deadweight, gross_tonnage, is_active, is_selected, "group", updated_at)
          SELECT
            upper((${FIRST}::text[])[1 + n % ${FIRST.length}] || ' ' || (${SECOND}::text[])[1 + (n / ${FIRST.length}) % ${SECOND.length}]) || ' ' || n,
            f6 || ((substr(f6, 1, 1)::int * 7 + substr(f6, 2, 1)::int * 6 + substr(f6, 3, 1)::int * 5 + substr(f6, 4, 1)::int * 4
                    + substr(f6, 5, 1)::int * 3 + substr(f6, 6, 1)::int * 2) % 10)::text,
            'SC' || lpad(n::text, 5, '0'),
            refs.flags[1 + n % greatest(array_length(refs.flags, 1), 1)],
            refs.types[1 + n % greatest(array_length(refs.types, 1), 1)],
            refs.engines[1 + n % greatest(array_length(refs.engines, 1), 1)],
            2000 + n % 25,
            5000 + (n * 7919) % 175000,
            3000 + (n * 6007) % 100000,
            n % 20 <> 0,
            n % 50 = 0,
            (ARRAY['Bulk & general cargo', 'Tankers & gas', 'Liner & reefer'])[1 + n % 3],
            now()
          FROM s, refs`;

        // The new vessels in order, each with its index: links, staff and scales hang off it.
        await tx.$executeRaw`
          CREATE TEMP TABLE scale_vessels ON COMMIT DROP AS
          SELECT id, row_number() OVER (ORDER BY id) AS i FROM vessels ORDER BY id OFFSET ${offset}::int`;
        await tx.$executeRaw`
          INSERT INTO owner_vessels (owner_id, vessel_id, updated_at)
          SELECT o.ids[1 + v.i % array_length(o.ids, 1)], v.id, now()
          FROM scale_vessels v, (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM owners ORDER BY id DESC LIMIT ${owners}::int) x) o`;
        await tx.$executeRaw`
          INSERT INTO manager_vessels (manager_id, vessel_id, updated_at)
          SELECT m.ids[1 + v.i % array_length(m.ids, 1)], v.id, now()
          FROM scale_vessels v, (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM managers ORDER BY id DESC LIMIT ${managers}::int) x) m
          WHERE v.i % 10 <> 0`;
        await tx.$executeRaw`
          UPDATE vessels SET coordinator_id = c.ids[1 + v.i % array_length(c.ids, 1)]
          FROM scale_vessels v, (SELECT array_agg(id ORDER BY id) AS ids FROM clients WHERE role IN ('admin', 'manager', 'superuser')) c
          WHERE vessels.id = v.id AND c.ids IS NOT NULL`;
        await tx.$executeRaw`
          INSERT INTO assign_vessels (client_id, vessel_id, updated_at)
          SELECT c.ids[1 + v.i % array_length(c.ids, 1)], v.id, now()
          FROM scale_vessels v, (SELECT array_agg(id ORDER BY id) AS ids FROM clients WHERE role IN ('manager', 'guest', 'freelance')) c
          WHERE c.ids IS NOT NULL`;

        // rows / vessels rows each (the first vessels take the remainder), in SCALE_ORDER, numbered by rank.
        await tx.$executeRaw`
          WITH per AS (
            SELECT v.id AS vessel_id, v.i, ${Math.floor(rows / vessels)}::int + CASE WHEN v.i <= ${rows % vessels}::int THEN 1 ELSE 0 END AS k
            FROM scale_vessels v
          ), slots AS (
            SELECT per.vessel_id, p, (${SCALE_ORDER}::text[])[1 + (p - 1) % ${SCALE_ORDER.length}] AS rank_title
            FROM per, generate_series(1, per.k) AS p
          ), ranked AS (
            SELECT slots.*, r.id AS rank_id,
                   count(*) OVER (PARTITION BY slots.vessel_id, rank_title) AS same,
                   row_number() OVER (PARTITION BY slots.vessel_id, rank_title ORDER BY p) AS nth
            FROM slots JOIN ranks r ON r.title = slots.rank_title
          )
          INSERT INTO manning_scales (vessel_id, rank_id, name, crewing_priority, template_offer, state, updated_at)
          SELECT vessel_id, rank_id,
                 CASE WHEN same > 1 THEN rank_title || ' ' || nth ELSE rank_title END,
                 row_number() OVER (PARTITION BY vessel_id ORDER BY p),
                 (${JSON.stringify(OFFER)}::jsonb ->> rank_title)::int,
                 'active', now()
          FROM ranked`;
      },
      { maxWait: 60_000, timeout: 30 * 60_000 },
    );
    const [counts] = await db.$queryRaw<{ vessels: bigint; rows: bigint }[]>`
      SELECT (SELECT count(*) FROM vessels) AS vessels, (SELECT count(*) FROM manning_scales) AS rows`;
    log(
      `${vessels} vessels, ${owners} owners, ${managers} managers, ${rows} manning-scale rows added (now ${counts?.vessels ?? 0} vessels, ${counts?.rows ?? 0} rows)`,
    );
  },
};
