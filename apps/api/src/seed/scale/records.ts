import { Prisma } from "../../generated/prisma/client.js";
import type { TDb } from "../../db/client.js";
import { DEMO_REFERENCE_DATA } from "../demo-data.js";
import { COC_OF_RANK, DOCUMENT_KINDS, OTHER_SHIPS, otherShipImo } from "../demo/records-catalogue.js";
import { bulk, refreshDerivedColumns } from "./bulk.js";
import type { TScalePart } from "./part.js";

/**
 * The applicants' records at scale (docs/records.md "Scale"): 3 to `--sea-service-max` contracts
 * of sea service and 6 to `--documents-max` documents per applicant (~1.2 M and ~2 M at 200,000
 * applicants), certificates of competency with their endorsements, and promotions. Set-based: one
 * INSERT ... SELECT over a range of applicants per table, each range its own transaction with
 * the audit trail and the derived-column feeds off, every value a hash of the ids (reproducible);
 * then one refresh of the applicants' derived columns, VACUUM ANALYZE.
 */
const CHUNK = 10_000;

/** A value in 0..2^31 from an expression and a salt. */
const h = (expr: string, salt: string) => Prisma.raw(`abs(hashtext((${expr})::text || ':${salt}'))`);

interface TShips {
  vesselId: (number | null)[];
  name: string[];
  imo: string[];
  typeId: (number | null)[];
  flagId: (number | null)[];
  dwt: (number | null)[];
  engineTypeId: (number | null)[];
  makerId: (number | null)[];
  manager: (string | null)[];
}

const loadShips = async (db: TDb): Promise<TShips> => {
  await db.vesselType.createMany({
    data: DEMO_REFERENCE_DATA.vesselTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.engineType.createMany({
    data: DEMO_REFERENCE_DATA.engineTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.engineManufacturer.createMany({
    data: DEMO_REFERENCE_DATA.engineManufacturers.map((title) => ({ title })),
    skipDuplicates: true,
  });
  const idOf = async (rows: Promise<{ id: number; title: string }[]>) =>
    new Map((await rows).map((r) => [r.title, r.id]));
  const types = await idOf(db.vesselType.findMany({ select: { id: true, title: true } }));
  const engines = await idOf(db.engineType.findMany({ select: { id: true, title: true } }));
  const makers = await idOf(db.engineManufacturer.findMany({ select: { id: true, title: true } }));
  const countries = new Map(
    (await db.country.findMany({ select: { id: true, code: true } })).map((c) => [c.code, c.id]),
  );
  const fleet = await db.vessel.findMany({
    take: 500,
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      imo: true,
      vesselTypeId: true,
      flagId: true,
      deadweight: true,
      mainEngine: { select: { engineTypeId: true, engineManufacturerId: true } },
      managerVessel: { select: { manager: { select: { title: true } } } },
    },
  });
  const ships: TShips = {
    vesselId: [],
    name: [],
    imo: [],
    typeId: [],
    flagId: [],
    dwt: [],
    engineTypeId: [],
    makerId: [],
    manager: [],
  };
  const push = (s: {
    vesselId: number | null;
    name: string;
    imo: string;
    typeId: number | null;
    flagId: number | null;
    dwt: number | null;
    engineTypeId: number | null;
    makerId: number | null;
    manager: string | null;
  }) => {
    ships.vesselId.push(s.vesselId);
    ships.name.push(s.name);
    ships.imo.push(s.imo);
    ships.typeId.push(s.typeId);
    ships.flagId.push(s.flagId);
    ships.dwt.push(s.dwt);
    ships.engineTypeId.push(s.engineTypeId);
    ships.makerId.push(s.makerId);
    ships.manager.push(s.manager);
  };
  OTHER_SHIPS.forEach((s, i) =>
    push({
      vesselId: null,
      name: s.name,
      imo: otherShipImo(i),
      typeId: types.get(s.type) ?? null,
      flagId: countries.get(s.flag) ?? null,
      dwt: s.dwt,
      engineTypeId: engines.get(s.engine) ?? null,
      makerId: makers.get(s.maker) ?? null,
      manager: s.manager,
    }),
  );
  for (const v of fleet) {
    push({
      vesselId: v.id,
      name: v.name,
      imo: v.imo,
      typeId: v.vesselTypeId,
      flagId: v.flagId,
      dwt: v.deadweight,
      engineTypeId: v.mainEngine?.engineTypeId ?? null,
      makerId: v.mainEngine?.engineManufacturerId ?? null,
      manager: v.managerVessel?.manager.title ?? null,
    });
  }
  return ships;
};

export const recordsScalePart: TScalePart = {
  name: "records",
  flags: {
    "sea-service-max": {
      default: 10,
      help: "most sea-service records per applicant (at least 3; 0 for none)",
    },
    "documents-max": { default: 14, help: "most documents per applicant (at least 6; 0 for none)" },
  },
  async run({ db, flags, log }) {
    const serviceMax = flags["sea-service-max"] ?? 10;
    const documentsMax = flags["documents-max"] ?? 14;
    if (!(await db.user.count())) return log("no applicants: nothing to add records to");
    if ((await db.expirience.count()) > 0) return log("the applicants have records already: none added");
    const ships = await loadShips(db);
    await db.applicantDocumentKind.createMany({
      data: Object.values(DOCUMENT_KINDS).map((k) => ({ title: k.title })),
      skipDuplicates: true,
    });
    const kinds = await db.applicantDocumentKind.findMany({
      orderBy: { id: "asc" },
      select: { id: true, title: true },
    });
    const kindIds = kinds.map((k) => k.id);
    // Kind of each document slot: passport, book, medical first, then the rest in turn.
    const cocTitles = new Set<string>(Object.values(COC_OF_RANK).map((k) => DOCUMENT_KINDS[k].title));
    const isCoc = kinds.map((k) => cocTitles.has(k.title));
    const years = kinds.map(
      (k) => Object.values(DOCUMENT_KINDS).find((d) => d.title === k.title)?.years ?? 5,
    );
    const ranks = (await db.rank.findMany({ orderBy: { crewingPriority: "asc" }, select: { id: true } })).map(
      (r) => r.id,
    );
    const n = ships.name.length;
    const [range] = await db.$queryRaw<
      { lo: number; hi: number }[]
    >`SELECT min(id)::int AS lo, max(id)::int AS hi FROM users`;
    const lo = range?.lo ?? 0;
    const hi = range?.hi ?? -1;
    let services = 0;
    let documents = 0;
    for (let from = lo; from <= hi; from += CHUNK) {
      const to = from + CHUNK - 1;
      const counts = await bulk(db, async (tx) => {
        const s =
          serviceMax < 3
            ? 0
            : await tx.$executeRaw`
          INSERT INTO expiriences (user_id, role_id, vessel_id, vessel_name, vessel_imo, vessel_type_id, vessel_flag_id, vessel_deadweight,
                                   engine_type_id, engine_manufacturer_id, vessel_manager, date_on, date_off, author_id, created_at, updated_at)
          SELECT u.id, COALESCE(u.role_id, (${ranks}::int[])[1 + ${h("u.id", "rank")} % ${ranks.length}]),
                 (${ships.vesselId}::int[])[x.ship], (${ships.name}::text[])[x.ship], (${ships.imo}::text[])[x.ship],
                 (${ships.typeId}::int[])[x.ship], (${ships.flagId}::int[])[x.ship], (${ships.dwt}::int[])[x.ship],
                 (${ships.engineTypeId}::int[])[x.ship], (${ships.makerId}::int[])[x.ship], (${ships.manager}::text[])[x.ship],
                 x.off - 120 - (${h("u.id || ':' || k", "len")} % 150)::int,
                 CASE WHEN k = 1 AND u.status = 'on_board' THEN NULL ELSE x.off END,
                 u.author_id, now(), now()
            FROM users u
            CROSS JOIN LATERAL generate_series(1, 3 + (${h("u.id", "n")} % ${serviceMax - 2})::int) AS k
            CROSS JOIN LATERAL (SELECT 1 + ${h("u.id || ':' || k", "ship")} % ${n} AS ship,
                                       current_date - 20 - (k - 1) * 330 - (${h("u.id", "last")} % 200)::int AS off) AS x
           WHERE u.id BETWEEN ${from} AND ${to}`;
        const d =
          documentsMax < 6
            ? 0
            : await tx.$executeRaw`
          INSERT INTO applicant_documents (user_id, n_tpd, n_doc, number, valid_from, valid_until, issued_by, role_id, sequence, author_id, created_at, updated_at)
          SELECT u.id, CASE WHEN (${isCoc}::boolean[])[x.kind] THEN 2 ELSE 1 END, (${kindIds}::int[])[x.kind],
                 upper(substr(md5(u.id || ':' || k), 1, 2)) || lpad((${h("u.id || ':' || k", "num")} % 1000000)::text, 6, '0'),
                 COALESCE(x.until - (${years}::int[])[x.kind] * 365, current_date - (${h("u.id || ':' || k", "issued")} % 3000)::int),
                 x.until, 'Maritime administration',
                 CASE WHEN (${isCoc}::boolean[])[x.kind] THEN u.role_id END, k, u.author_id, now(), now()
            FROM users u
            CROSS JOIN LATERAL generate_series(1, 6 + (${h("u.id", "docs")} % ${documentsMax - 5})::int) AS k
            CROSS JOIN LATERAL (SELECT 1 + (k - 1) % ${kindIds.length} AS kind) AS kk
            CROSS JOIN LATERAL (SELECT kk.kind,
                                       CASE WHEN (${years}::int[])[kk.kind] = 0 THEN NULL
                                            ELSE current_date - 200 + (${h("u.id || ':' || k", "until")} % 1800)::int END AS until) AS x
           WHERE u.id BETWEEN ${from} AND ${to}`;
        // The certificates' flag endorsements (kind 3), linked through endorsement_id.
        const e =
          documentsMax < 6
            ? 0
            : await tx.$executeRaw`
          WITH made AS (
            INSERT INTO applicant_documents (user_id, n_tpd, n_doc, number, valid_from, valid_until, issued_by, role_id, sequence, author_id, created_at, updated_at)
            SELECT d.user_id, 3, d.n_doc, 'END-' || d.id, d.valid_from + 30, d.valid_until, 'Flag administration', d.role_id, d.sequence, d.author_id, now(), now()
              FROM applicant_documents d
             WHERE d.user_id BETWEEN ${from} AND ${to} AND d.n_tpd = 2 AND d.endorsement_id IS NULL
            RETURNING id, number)
          UPDATE applicant_documents d SET endorsement_id = m.id FROM made m WHERE m.number = 'END-' || d.id`;
        // A promotion on a tenth of the applicants' latest contracts.
        await tx.$executeRaw`
          INSERT INTO user_performances (expirience_id, user_id, doc_type, role_id, date, updated_at)
          SELECT DISTINCT ON (e.user_id) e.id, e.user_id, 'promotion', e.role_id, e.date_on, now()
            FROM expiriences e
           WHERE e.user_id BETWEEN ${from} AND ${to} AND ${h("e.user_id", "promoted")} % 10 = 0
           ORDER BY e.user_id, e.date_on DESC`;
        return { s, d: d + e };
      });
      services += counts.s;
      documents += counts.d;
      log(
        `records of applicants ${from}..${Math.min(to, hi)}: ${services} sea service, ${documents} documents`,
      );
    }
    // Every area's derived columns, once (docs/applicants.md "Derived columns", 3).
    await refreshDerivedColumns(db, log);
    for (const table of ["expiriences", "applicant_documents", "user_performances", "users"])
      await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
    log("vacuumed and analysed");
  },
};
