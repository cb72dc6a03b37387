import type { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import type { TComparable, TServiceKey } from "../../crew-sites/compare.js";
import type { TDemoSource } from "../../crew-sites/demo-profiles.js";
import { seaServiceRepository } from "../applicant-records/sea-service-repository.js";
import { backgroundTasksRepository } from "../background-tasks/background-tasks-repository.js";

/** The columns of the applicant a site's profile is compared with (EXTERNAL_FIELDS). */
export const COMPARED_SELECT = {
  id: true,
  surname: true,
  name: true,
  middle: true,
  birthday: true,
  email: true,
  mobilePhone: true,
  mobilePhoneAlternative: true,
  address: true,
  readinessDate: true,
  wage: true,
  height: true,
  weight: true,
  shoeSize: true,
  coverallSize: true,
  ukrCrewingId: true,
  crewellId: true,
} as const satisfies Prisma.UserSelect;

type TComparedRow = Prisma.UserGetPayload<{ select: typeof COMPARED_SELECT }>;

const day = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);

/** The applicant's sea service as the site's rows are matched against it (crew-sites/compare.ts newSeaService). */
export const SERVICE_SELECT = {
  vesselName: true,
  dateOn: true,
  dateOff: true,
} as const satisfies Prisma.ExpirienceSelect;

export const serviceKeyOf = (e: { vesselName: string; dateOn: Date; dateOff: Date | null }): TServiceKey => ({
  vessel: e.vesselName,
  date_on: day(e.dateOn),
  date_off: day(e.dateOff),
});

/** The applicant's values as the diff shows them. */
export const comparableOf = (u: Omit<TComparedRow, "id" | "ukrCrewingId" | "crewellId">): TComparable => ({
  surname: u.surname,
  name: u.name,
  middle: u.middle,
  birthday: day(u.birthday),
  email: u.email,
  mobile_phone: u.mobilePhone,
  mobile_phone_alternative: u.mobilePhoneAlternative,
  address: u.address,
  readiness_date: day(u.readinessDate),
  wage: u.wage,
  height: u.height,
  weight: u.weight,
  shoe_size: u.shoeSize,
  coverall_size: u.coverallSize,
});

/** Versions of what the crew job sites said about applicants (docs/outside-channels.md). */
export const externalVersionsRepository = (db: TTx) => ({
  /** The progress rows of bulk refreshes. */
  tasks: backgroundTasksRepository(db),

  applicant(id: number) {
    return db.user.findUnique({ where: { id }, select: COMPARED_SELECT });
  },

  /** The applicant's sea service, to match a site's rows against. */
  async seaServiceOf(userId: number): Promise<TServiceKey[]> {
    const rows = await db.expirience.findMany({ where: { userId }, select: SERVICE_SELECT });
    return rows.map(serviceKeyOf);
  },

  /** Every rank (a short list): a site's rank text is matched to one by title. */
  ranks() {
    return db.rank.findMany({ select: { id: true, title: true } });
  },

  /**
   * The applicant's records a period overlaps, by the sea service's own rule
   * (applicant-records/sea-service-overlap.ts; the staff form's query).
   */
  overlapping(userId: number, dateOn: Date, dateOff: Date | null, exceptId: number | null) {
    return seaServiceRepository(db).overlapping(userId, dateOn, dateOff, exceptId);
  },

  /** Adds one sea-service row to an applicant (inside the caller's audited transaction); its id. */
  async addSeaService(
    userId: number,
    row: {
      roleId: number;
      vesselName: string;
      vesselManager: string | null;
      dateOn: Date;
      dateOff: Date | null;
    },
    authorId: number,
  ): Promise<number> {
    const { id } = await db.expirience.create({ data: { ...row, userId, authorId }, select: { id: true } });
    return id;
  },

  createVersion(data: Prisma.ExternalObjectVersionUncheckedCreateInput) {
    return db.externalObjectVersion.create({ data });
  },

  findVersion(id: number) {
    return db.externalObjectVersion.findUnique({ where: { id } });
  },

  /** Marks a pending version reviewed; false when someone reviewed it first. */
  async review(id: number, acceptedFields: string[], reviewerId: number): Promise<boolean> {
    const { count } = await db.externalObjectVersion.updateMany({
      where: { id, status: "pending" },
      data: { status: "reviewed", acceptedFields, reviewerId, reviewedAt: new Date() },
    });
    return count === 1;
  },

  /**
   * The applicant's marks of the list (spec 001's ext_update, external_objects): ext_update is
   * the date of the newest version still waiting for staff (null: nothing waits), and
   * external_objects the last fetch of each source.
   */
  async refreshApplicant(itemId: number): Promise<void> {
    const pending = await db.externalObjectVersion.findFirst({
      where: { itemId, status: "pending" },
      orderBy: { date: "desc" },
      select: { date: true },
    });
    const latest = await db.externalObjectVersion.findMany({
      where: { itemId },
      orderBy: { date: "desc" },
      distinct: ["source"],
      select: { source: true, externalId: true, date: true, status: true },
    });
    await db.user.update({
      where: { id: itemId },
      data: {
        extUpdate: pending?.date ?? null,
        externalObjects: latest.map((v) => ({
          source: v.source,
          external_id: v.externalId,
          date: v.date.toISOString(),
          status: v.status,
        })),
      },
    });
  },

  /** The applicants with the site's id whose record changed since `since` (a bulk refresh), by id. */
  async refreshCandidates(source: "ukr_crewing" | "crewell", since: Date, limit: number): Promise<number[]> {
    const rows = await db.user.findMany({
      where: {
        ...(source === "ukr_crewing" ? { ukrCrewingId: { not: null } } : { crewellId: { not: null } }),
        updatedAt: { gte: since },
      },
      select: { id: true },
      orderBy: { id: "asc" },
      take: limit,
    });
    return rows.map((r) => r.id);
  },

  /** The key an admin saved for a site (sealed) and the address it was saved for; null: the configured key applies. */
  siteKey(source: string) {
    return db.crewSiteKey.findUnique({ where: { source }, select: { sealedKey: true, url: true } });
  },

  /** Whether each site's key is saved, when and by whom (never the key). */
  siteKeyStates() {
    return db.crewSiteKey.findMany({
      select: { source: true, url: true, setAt: true, setBy: { select: { name: true } } },
    });
  },

  /** Saves a site's sealed key (inside the caller's audited transaction). */
  setSiteKey(source: string, sealedKey: string, url: string, setById: number) {
    return db.crewSiteKey.upsert({
      where: { source },
      create: { source, sealedKey, url, setById },
      update: { sealedKey, url, setById, setAt: new Date() },
      select: { id: true },
    });
  },

  clearSiteKey(source: string) {
    return db.crewSiteKey.deleteMany({ where: { source } });
  },

  /** The demo applicants with an external id, for the stand-ins' profiles (crew-sites/demo-profiles.ts). */
  async demoSources(limit = 2000): Promise<TDemoSource[]> {
    const rows = await db.user.findMany({
      where: { OR: [{ ukrCrewingId: { not: null } }, { crewellId: { not: null } }] },
      select: {
        ...COMPARED_SELECT,
        expiriences: {
          select: {
            vesselName: true,
            vesselManager: true,
            dateOn: true,
            dateOff: true,
            role: { select: { title: true } },
          },
          orderBy: { dateOn: "desc" },
          take: 10,
        },
      },
      orderBy: { id: "asc" },
      take: limit,
    });
    const first = await db.expirience.groupBy({
      by: ["userId"],
      where: { userId: { in: rows.map((r) => r.id) } },
      _min: { dateOn: true },
    });
    const firstOn = new Map(first.map((f) => [f.userId, day(f._min.dateOn)]));
    return rows.map((r) => ({
      firstOn: firstOn.get(r.id) ?? null,
      id: r.id,
      ukrCrewingId: r.ukrCrewingId,
      crewellId: r.crewellId,
      fields: comparableOf(r),
      seaService: r.expiriences.map((e) => ({
        vessel: e.vesselName,
        rank: e.role.title,
        company: e.vesselManager,
        date_on: day(e.dateOn),
        date_off: day(e.dateOff),
      })),
    }));
  },
});

export type TExternalVersionsRepository = ReturnType<typeof externalVersionsRepository>;
