import { COINCIDENCES_LIMIT, seaService } from "@crew/contracts";
import type { TTx } from "../../db/client.js";
import { plainRows } from "../../db/plain-rows.js";
import { fileValues } from "../../kernel/files-service.js";
import type { TModel, TRowOf } from "../../kernel/model-types.js";
import { cvRepository } from "./cv/cv-repository.js";
import { existingIds } from "./lookup-repository.js";

/** A fleet vessel's particulars as a sea-service record keeps them. */
export interface TVesselParticulars {
  vesselName: string;
  vesselImo: string;
  vesselTypeId: number | null;
  vesselFlagId: number | null;
  vesselDeadweight: number | null;
  engineTypeId: number | null;
  engineManufacturerId: number | null;
  vesselManager: string | null;
}

export interface TServicePeriod {
  id: number;
  vesselName: string;
  dateOn: Date;
  dateOff: Date | null;
}

/** A coincident record as the serialiser reads it, with its latest verification's result and whether it has files. */
export type TCoincidentRow = TRowOf<"Expirience"> & { verificationResult: string | null; hasFiles: boolean };

/** The row as pg hands it over: dates as days since 1970, times as epoch milliseconds (no time zone can shift them). */
interface TRawCoincidentRow {
  id: number;
  user_id: number;
  role_id: number;
  vessel_id: number | null;
  vessel_name: string;
  vessel_imo: string | null;
  vessel_type_id: number | null;
  vessel_flag_id: number | null;
  vessel_deadweight: number | null;
  engine_type_id: number | null;
  engine_manufacturer_id: number | null;
  vessel_manager: string | null;
  company_agent_id: number | null;
  date_on_days: number;
  date_off_days: number | null;
  author_id: number | null;
  created_ms: number;
  updated_ms: number;
  verification_result: string | null;
  has_files: boolean;
}

/**
 * The coincidence check in one statement (docs/records.md "Coincidences"): the probe record, other
 * applicants' service on the same ship in the same rank overlapping it, and those records' rows
 * with their latest verification's result. The ship is the same fleet vessel, the same IMO, or —
 * where either record has no IMO — the same name whatever its case and spacing; one branch per
 * way of naming her, each served by its own index ((vessel_id, role_id, date_on),
 * expiriences_vessel_imo_role_id_date_on_idx, records_expiriences_vessel_key), the union
 * dropping repeats. The newest COINCIDENCES_LIMIT are kept, answered in the list's order
 * (sign-on newest first, then id). Tables are named with their schema as Prisma names them.
 */
const COINCIDENCES_SQL = `
    WITH probe AS (
      SELECT p.user_id, p.role_id, p.vessel_id, p.vessel_imo, upper(btrim(p.vessel_name)) AS vessel_key,
             p.date_on, COALESCE(p.date_off, 'infinity'::date) AS date_off
        FROM "public"."expiriences" p WHERE p.id = $1
    ),
    same_ship AS (
      SELECT e.id, e.user_id, e.date_on, e.date_off FROM probe p JOIN "public"."expiriences" e
          ON e.vessel_id = p.vessel_id AND e.role_id = p.role_id AND e.date_on < p.date_off
      UNION
      SELECT e.id, e.user_id, e.date_on, e.date_off FROM probe p JOIN "public"."expiriences" e
          ON e.vessel_imo = p.vessel_imo AND e.role_id = p.role_id AND e.date_on < p.date_off
      UNION
      SELECT e.id, e.user_id, e.date_on, e.date_off FROM probe p JOIN "public"."expiriences" e
          ON upper(btrim(e.vessel_name)) = p.vessel_key AND e.role_id = p.role_id AND e.date_on < p.date_off
       WHERE p.vessel_imo IS NULL OR e.vessel_imo IS NULL
    ),
    picked AS (
      SELECT s.id FROM same_ship s, probe p
       WHERE s.user_id <> p.user_id AND p.date_on < COALESCE(s.date_off, 'infinity'::date)
       ORDER BY s.date_on DESC, s.id DESC
       LIMIT ${COINCIDENCES_LIMIT}
    )
    SELECT e.id, e.user_id, e.role_id, e.vessel_id, e.vessel_name, e.vessel_imo, e.vessel_type_id, e.vessel_flag_id,
           e.vessel_deadweight, e.engine_type_id, e.engine_manufacturer_id, e.vessel_manager, e.company_agent_id,
           (e.date_on - DATE '1970-01-01') AS date_on_days, (e.date_off - DATE '1970-01-01') AS date_off_days,
           e.author_id, round(extract(epoch FROM e.created_at) * 1000)::float8 AS created_ms,
           round(extract(epoch FROM e.updated_at) * 1000)::float8 AS updated_ms,
           (SELECT v.result FROM "public"."experience_verifications" v WHERE v.expirience_id = e.id
             ORDER BY v.created_at DESC, v.id DESC LIMIT 1) AS verification_result,
           EXISTS (SELECT 1 FROM "public"."stored_files" f WHERE f.record_type = 'expiriences' AND f.record_id = e.id) AS has_files
      FROM picked k JOIN "public"."expiriences" e ON e.id = k.id
     ORDER BY e.date_on DESC, e.id ASC`;

const DAY_MS = 86_400_000;
const coincidentRow = (r: TRawCoincidentRow): TCoincidentRow => ({
  id: r.id,
  userId: r.user_id,
  roleId: r.role_id,
  vesselId: r.vessel_id,
  vesselName: r.vessel_name,
  vesselImo: r.vessel_imo,
  vesselTypeId: r.vessel_type_id,
  vesselFlagId: r.vessel_flag_id,
  vesselDeadweight: r.vessel_deadweight,
  engineTypeId: r.engine_type_id,
  engineManufacturerId: r.engine_manufacturer_id,
  vesselManager: r.vessel_manager,
  companyAgentId: r.company_agent_id,
  dateOn: new Date(r.date_on_days * DAY_MS),
  dateOff: r.date_off_days === null ? null : new Date(r.date_off_days * DAY_MS),
  authorId: r.author_id,
  createdAt: new Date(r.created_ms),
  updatedAt: new Date(r.updated_ms),
  verificationResult: r.verification_result,
  hasFiles: r.has_files,
});

/** A calendar date as SQL reads it, whatever the session's time zone. */
const day = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);

/** Sea service: fleet particulars, overlaps, coincidences, verification results. */
export const seaServiceRepository = (db: TTx) => ({
  /** What the applicant's CV prints (the CV is declared with the sea service: GET print/{id}). */
  cv: cvRepository(db),
  exists: (model: TModel, ids: readonly number[]) => existingIds(db, model, ids),

  async fleetVessel(id: number): Promise<TVesselParticulars | null> {
    const v = await db.vessel.findUnique({
      where: { id },
      select: {
        name: true,
        imo: true,
        vesselTypeId: true,
        flagId: true,
        deadweight: true,
        mainEngine: { select: { engineTypeId: true, engineManufacturerId: true } },
        managerVessel: { select: { manager: { select: { title: true } } } },
      },
    });
    if (!v) return null;
    return {
      vesselName: v.name,
      vesselImo: v.imo,
      vesselTypeId: v.vesselTypeId,
      vesselFlagId: v.flagId,
      vesselDeadweight: v.deadweight,
      engineTypeId: v.mainEngine?.engineTypeId ?? null,
      engineManufacturerId: v.mainEngine?.engineManufacturerId ?? null,
      vesselManager: v.managerVessel?.manager.title ?? null,
    };
  },

  async fleetVesselByImo(imo: string): Promise<number | null> {
    return (await db.vessel.findUnique({ where: { imo }, select: { id: true } }))?.id ?? null;
  },

  /**
   * The applicant's other service that overlaps [dateOn, dateOff] (open: still on board) by more
   * than a shared day: a sign-off and the next sign-on on one day are not an overlap.
   */
  overlapping(
    userId: number,
    dateOn: Date,
    dateOff: Date | null,
    exceptId: number | null,
  ): Promise<TServicePeriod[]> {
    return db.$queryRaw<TServicePeriod[]>`
      SELECT e.id, e.vessel_name AS "vesselName", e.date_on AS "dateOn", e.date_off AS "dateOff"
        FROM expiriences e
       WHERE e.user_id = ${userId} AND e.id <> ${exceptId ?? 0}
         AND e.date_on < COALESCE(${day(dateOff)}::date, 'infinity'::date)
         AND ${day(dateOn)}::date < COALESCE(e.date_off, 'infinity'::date)
       ORDER BY e.date_on, e.id
       LIMIT 5`;
  },

  /**
   * The records coinciding with record `id` (none when it is gone). Asked on every open of a
   * contract's panel, so on the pool it goes to pg directly as one named statement: through
   * Prisma the probe, the check and the rows were three round trips and each row decoded twice.
   */
  async coincidentRows(id: number): Promise<TCoincidentRow[]> {
    const rows = await plainRows<TRawCoincidentRow>(db, "crew_sea_service_coincidences", COINCIDENCES_SQL, [
      id,
    ]);
    return rows.map(coincidentRow);
  },

  /** The file attributes' values of sea-service rows (one query for all). */
  files: (rows: readonly TCoincidentRow[]) => fileValues(db, seaService, rows),

  /** The latest verification's result of each record. */
  async latestVerification(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    // Asked for every page of applicants (their last sea service): on the pool, not through Prisma.
    const rows = await plainRows<{ id: number; result: string }>(
      db,
      "crew_latest_verification",
      `SELECT DISTINCT ON (v.expirience_id) v.expirience_id AS id, v.result
         FROM experience_verifications v
        WHERE v.expirience_id = ANY ($1::int[])
        ORDER BY v.expirience_id, v.created_at DESC, v.id DESC`,
      [[...ids]],
    );
    return new Map(rows.map((r) => [r.id, r.result]));
  },
});

export type TSeaServiceRepository = ReturnType<typeof seaServiceRepository>;
