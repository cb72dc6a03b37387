import { formatDay } from "@crew/contracts";
import type { TServicePeriod } from "./sea-service-repository.js";

/**
 * The one overlap rule of sea service (docs/records.md "Sea service"): a record may not overlap
 * another record of the same applicant by more than a shared day (a sign-off and the next sign-on
 * on one day are fine; an open record runs on). The query is `seaServiceRepository.overlapping`;
 * this is how the staff form and a crew job site's rows taken by staff (external versions'
 * accept_sea_service) name the record in the way.
 */
export const servicePeriodText = (p: Pick<TServicePeriod, "vesselName" | "dateOn" | "dateOff">): string =>
  `${p.vesselName} (${formatDay(p.dateOn)} – ${p.dateOff ? formatDay(p.dateOff) : "on board"})`;

/** The first of the applicant's records that [dateOn, dateOff] overlaps (null: none). */
export const firstOverlap = async (
  repo: {
    overlapping(
      userId: number,
      dateOn: Date,
      dateOff: Date | null,
      exceptId: number | null,
    ): Promise<TServicePeriod[]>;
  },
  userId: number,
  dateOn: Date,
  dateOff: Date | null,
  exceptId: number | null = null,
): Promise<TServicePeriod | null> => (await repo.overlapping(userId, dateOn, dateOff, exceptId))[0] ?? null;
