import { COINCIDENCES_LIMIT } from "@crew/contracts";
import type { TTx } from "../../db/client.js";
import type { TModel } from "../../kernel/model-types.js";
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

/** The record a coincidence check starts from. */
export interface TCoincidenceProbe {
  id: number;
  userId: number;
  roleId: number;
  vesselId: number | null;
  vesselImo: string | null;
  vesselName: string;
  dateOn: Date;
  dateOff: Date | null;
}

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

  async probe(id: number): Promise<TCoincidenceProbe | null> {
    return db.expirience.findUnique({
      where: { id },
      select: {
        id: true,
        userId: true,
        roleId: true,
        vesselId: true,
        vesselImo: true,
        vesselName: true,
        dateOn: true,
        dateOff: true,
      },
    });
  },

  /**
   * Other applicants' service on the same ship in the same rank overlapping in time (docs/records.md
   * "Coincidences"): the ship is the same fleet vessel, the same IMO, or — where either record has
   * no IMO — the same name whatever its case and spacing (the expression index records_expiriences_vessel_key; IMO by expiriences_vessel_imo_role_id_date_on_idx).
   */
  async coincidences(p: TCoincidenceProbe): Promise<number[]> {
    // One branch per way of naming the ship, each served by its own index; the union drops repeats.
    const rows = await db.$queryRaw<{ id: number }[]>`
      WITH probe AS (SELECT ${p.userId}::integer AS user_id, ${p.roleId}::integer AS role_id, ${day(p.dateOn)}::date AS date_on,
                            COALESCE(${day(p.dateOff)}::date, 'infinity'::date) AS date_off),
      same_ship AS (
        SELECT e.* FROM expiriences e WHERE ${p.vesselId}::integer IS NOT NULL AND e.vessel_id = ${p.vesselId}::integer AND e.role_id = ${p.roleId}
        UNION
        SELECT e.* FROM expiriences e WHERE ${p.vesselImo}::text IS NOT NULL AND e.vessel_imo = ${p.vesselImo}::text AND e.role_id = ${p.roleId}
        UNION
        SELECT e.* FROM expiriences e
         WHERE upper(btrim(e.vessel_name)) = upper(btrim(${p.vesselName}::text)) AND (${p.vesselImo}::text IS NULL OR e.vessel_imo IS NULL)
           AND e.role_id = ${p.roleId}
      )
      SELECT s.id
        FROM same_ship s, probe
       WHERE s.user_id <> probe.user_id AND s.role_id = probe.role_id
         AND s.date_on < probe.date_off AND probe.date_on < COALESCE(s.date_off, 'infinity'::date)
       ORDER BY s.date_on DESC, s.id DESC
       LIMIT ${COINCIDENCES_LIMIT}`;
    return rows.map((r) => r.id);
  },

  /** The latest verification's result of each record. */
  async latestVerification(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.$queryRaw<{ id: number; result: string }[]>`
      SELECT DISTINCT ON (v.expirience_id) v.expirience_id AS id, v.result
        FROM experience_verifications v
       WHERE v.expirience_id = ANY (${[...ids]}::int[])
       ORDER BY v.expirience_id, v.created_at DESC, v.id DESC`;
    return new Map(rows.map((r) => [r.id, r.result]));
  },
});

export type TSeaServiceRepository = ReturnType<typeof seaServiceRepository>;
