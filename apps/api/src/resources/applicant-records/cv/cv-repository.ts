import type { TTx } from "../../../db/client.js";

export interface TCvApplicant {
  crewingApplicantId: string;
  surname: string;
  name: string;
  middle: string | null;
  birthday: Date | null;
  /** 'male', 'female' or null (not known). */
  gender: string | null;
  countryOfBirth: string | null;
  rank: string | null;
  readinessDate: Date | null;
  email: string | null;
  mobilePhone: string | null;
  phonehome: string | null;
  address: string | null;
}

export interface TCvDocument {
  nTpd: number;
  kind: string;
  number: string;
  validFrom: Date | null;
  validUntil: Date | null;
  country: string | null;
  issuedBy: string | null;
  endorsementOf: number | null;
  id: number;
  endorsementId: number | null;
}

export interface TCvService {
  vesselName: string;
  vesselType: string | null;
  deadweight: number | null;
  flag: string | null;
  engine: string | null;
  rank: string;
  dateOn: Date;
  dateOff: Date | null;
  company: string | null;
  agent: string | null;
}

export interface TCvEnglishTest {
  test: string;
  date: Date | null;
  score: number | null;
  level: string | null;
}

/** What an applicant's CV prints, each part read in one query. */
export const cvRepository = (db: TTx) => ({
  async applicant(id: number): Promise<TCvApplicant | null> {
    const u = await db.user.findUnique({
      where: { id },
      select: {
        crewingApplicantId: true,
        surname: true,
        name: true,
        middle: true,
        birthday: true,
        gender: true,
        readinessDate: true,
        email: true,
        mobilePhone: true,
        phonehome: true,
        address: true,
        countryBirth: { select: { name: true } },
        role: { select: { title: true } },
      },
    });
    if (!u) return null;
    const { countryBirth, role, ...rest } = u;
    return { ...rest, countryOfBirth: countryBirth?.name ?? null, rank: role?.title ?? null };
  },

  /** The stored photo (the applicant's avatar file), if any. */
  async photo(id: number): Promise<{ key: string; contentType: string } | null> {
    return db.storedFile.findFirst({
      where: { recordType: "users", recordId: id, name: "avatar" },
      orderBy: [{ position: "asc" }, { id: "desc" }],
      select: { key: true, contentType: true },
    });
  },

  /** Documents in the staff's order. */
  async documents(id: number): Promise<TCvDocument[]> {
    const rows = await db.applicantDocument.findMany({
      where: { userId: id },
      orderBy: [{ sequence: "asc" }, { nTpd: "asc" }, { nDoc: "asc" }, { validFrom: "desc" }, { id: "asc" }],
      select: {
        id: true,
        nTpd: true,
        number: true,
        validFrom: true,
        validUntil: true,
        issuedBy: true,
        endorsementId: true,
        kind: { select: { title: true } },
        issuingCountry: { select: { name: true } },
        endorsed: { select: { id: true } },
      },
    });
    return rows.map((r) => ({
      id: r.id,
      nTpd: r.nTpd,
      kind: r.kind.title,
      number: r.number,
      validFrom: r.validFrom,
      validUntil: r.validUntil,
      country: r.issuingCountry?.name ?? null,
      issuedBy: r.issuedBy,
      endorsementId: r.endorsementId,
      endorsementOf: r.endorsed?.id ?? null,
    }));
  },

  /** Sea service, the latest first. */
  async seaService(id: number): Promise<TCvService[]> {
    const rows = await db.expirience.findMany({
      where: { userId: id },
      orderBy: [{ dateOn: "desc" }, { id: "desc" }],
      select: {
        vesselName: true,
        vesselDeadweight: true,
        vesselManager: true,
        dateOn: true,
        dateOff: true,
        vesselType: { select: { title: true } },
        vesselFlag: { select: { name: true } },
        engineType: { select: { title: true } },
        engineManufacturer: { select: { title: true } },
        role: { select: { title: true } },
        companyAgent: { select: { name: true } },
      },
    });
    return rows.map((r) => ({
      vesselName: r.vesselName,
      vesselType: r.vesselType?.title ?? null,
      deadweight: r.vesselDeadweight,
      flag: r.vesselFlag?.name ?? null,
      engine: [r.engineManufacturer?.title, r.engineType?.title].filter(Boolean).join(" ") || null,
      rank: r.role.title,
      dateOn: r.dateOn,
      dateOff: r.dateOff,
      company: r.vesselManager,
      agent: r.companyAgent?.name ?? null,
    }));
  },

  async englishTests(id: number): Promise<TCvEnglishTest[]> {
    const rows = await db.englishTestResult.findMany({
      where: { userId: id },
      orderBy: [{ date: { sort: "desc", nulls: "last" } }, { id: "desc" }],
      select: { date: true, score: true, level: true, englishTestType: { select: { title: true } } },
    });
    return rows.map((r) => ({ test: r.englishTestType.title, date: r.date, score: r.score, level: r.level }));
  },
});

export type TCvRepository = ReturnType<typeof cvRepository>;
