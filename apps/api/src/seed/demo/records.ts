import type { TDb, TTx } from "../../db/client.js";
import { DEMO_REFERENCE_DATA } from "../demo-data.js";
import {
  CEFR_BY_SCORE,
  COC_OF_RANK,
  DOCUMENT_KINDS,
  ENDORSING_FLAGS,
  OTHER_SHIPS,
  otherShipImo,
  rankBefore,
  type TDocumentKindKey,
} from "./records-catalogue.js";
import { DAY, day, seededRandom } from "./seeded-random.js";
import { quietly } from "./quietly.js";

/**
 * The demo applicants' records (spec 001 §3, guide DOMAIN.md): 3 to 10 contracts of sea service
 * each, back from today (the seafarers on board still are), on ships of other companies and on
 * the demo fleet, a career that climbs its rank ladder with promotion records, some appraisals,
 * commendations and warnings, verifications of recent contracts; passports, seaman's books,
 * medical and STCW certificates (officers' certificates of competency with flag endorsements),
 * some expiring or expired; interviews, next of kin, recommendations and English tests.
 * Reproducible (a seeded generator). The derived columns of the applicants follow by trigger.
 */
const GIVEN = [
  "Olena",
  "Maria",
  "Anna",
  "Iryna",
  "Joan",
  "Priya",
  "Ewa",
  "Ioana",
  "Liga",
  "Nino",
  "Ivan",
  "Petro",
  "Jose",
  "Rahul",
  "Marek",
];
const INTERVIEWS = [
  "Technical interview",
  "Interview with the owner's superintendent",
  "English interview",
  "Screening call",
];
const AGENT_SHARE = 0.4;

export const seedRecords = async (db: TDb): Promise<void> => {
  if ((await db.expirience.count()) > 0) return;
  const rnd = seededRandom(20_261_010);
  await db.applicantDocumentKind.createMany({
    data: Object.values(DOCUMENT_KINDS).map((k) => ({ title: k.title })),
    skipDuplicates: true,
  });
  await db.englishTestType.createMany({
    data: DEMO_REFERENCE_DATA.englishTestTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.relationType.createMany({
    data: DEMO_REFERENCE_DATA.relationTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
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

  const byTitle = <T extends { id: number; title: string }>(rows: T[]) =>
    new Map(rows.map((r) => [r.title, r.id]));
  const kinds = byTitle(await db.applicantDocumentKind.findMany({ select: { id: true, title: true } }));
  const kindId = (key: TDocumentKindKey): number => kinds.get(DOCUMENT_KINDS[key].title) ?? 0;
  const vesselTypes = byTitle(await db.vesselType.findMany({ select: { id: true, title: true } }));
  const engineTypes = byTitle(await db.engineType.findMany({ select: { id: true, title: true } }));
  const makers = byTitle(await db.engineManufacturer.findMany({ select: { id: true, title: true } }));
  const countries = new Map(
    (await db.country.findMany({ select: { id: true, code: true } })).map((c) => [c.code, c.id]),
  );
  const ranks = await db.rank.findMany({ select: { id: true, title: true } });
  const rankId = new Map(ranks.map((r) => [r.title, r.id]));
  const rankTitle = new Map(ranks.map((r) => [r.id, r.title]));
  const testTypes = await db.englishTestType.findMany({ select: { id: true, title: true } });
  const relationTypes = byTitle(await db.relationType.findMany({ select: { id: true, title: true } }));
  const agents = (await db.crewingAgent.findMany({ select: { id: true } })).map((a) => a.id);
  const staff = (
    await db.client.findMany({
      where: { role: { in: ["admin", "manager", "superuser"] } },
      select: { id: true },
    })
  ).map((c) => c.id);
  const fleet = await db.vessel.findMany({
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
  const everyone = await db.user.findMany({
    select: { id: true, roleId: true, status: true, authorId: true, surname: true, countryBirthId: true },
    orderBy: { id: "asc" },
  });
  // A recruiter enters the records of the applicants being worked on; the newest and the idle
  // ones have none yet (and a first start stays quick on the embedded database).
  const users = everyone.filter((u) => u.status !== "vacancy" || rnd.chance(0.3));
  if (!users.length || !ranks.length) return;

  const ships = [
    ...OTHER_SHIPS.map((s, i) => ({
      vesselId: null,
      vesselName: s.name,
      vesselImo: otherShipImo(i),
      vesselTypeId: vesselTypes.get(s.type) ?? null,
      vesselFlagId: countries.get(s.flag) ?? null,
      vesselDeadweight: s.dwt,
      engineTypeId: engineTypes.get(s.engine) ?? null,
      engineManufacturerId: makers.get(s.maker) ?? null,
      vesselManager: s.manager,
    })),
    ...fleet.map((v) => ({
      vesselId: v.id,
      vesselName: v.name,
      vesselImo: v.imo,
      vesselTypeId: v.vesselTypeId,
      vesselFlagId: v.flagId,
      vesselDeadweight: v.deadweight,
      engineTypeId: v.mainEngine?.engineTypeId ?? null,
      engineManufacturerId: v.mainEngine?.engineManufacturerId ?? null,
      vesselManager: v.managerVessel?.manager.title ?? null,
    })),
  ];
  const now = Date.now();

  type TService = {
    userId: number;
    roleId: number;
    dateOn: Date;
    dateOff: Date | null;
    authorId: number | null;
    companyAgentId: number | null;
  } & (typeof ships)[number];
  const services: TService[] = [];
  const promotions: { userId: number; index: number; roleId: number; date: Date }[] = [];
  for (const u of users) {
    const applied = rankTitle.get(u.roleId ?? 0) ?? rnd.pick(ranks).title;
    const cadet = applied.includes("Cadet");
    const count = cadet ? rnd.int(1, 3) : rnd.int(3, 10);
    let end = u.status === "on_board" ? null : day(now - rnd.int(20, 300) * DAY);
    let rank = u.status === "to_propose" && rnd.chance(0.4) ? rankBefore(applied) : applied;
    let inRank = rnd.int(1, 3);
    const mine: TService[] = [];
    for (let k = 0; k < count; k++) {
      const officer = Boolean(COC_OF_RANK[rank]);
      const length = officer ? rnd.int(120, 190) : rnd.int(180, 280);
      const dateOn = day((end ?? day(now)).getTime() - (end ? length : rnd.int(20, 150)) * DAY);
      const ship = rnd.chance(fleet.length ? 0.3 : 0)
        ? rnd.pick(ships.slice(OTHER_SHIPS.length))
        : rnd.pick(ships.slice(0, OTHER_SHIPS.length));
      mine.push({
        ...ship,
        userId: u.id,
        roleId: rankId.get(rank) ?? rnd.pick(ranks).id,
        dateOn,
        dateOff: end,
        authorId: u.authorId,
        companyAgentId: agents.length && rnd.chance(AGENT_SHARE) ? rnd.pick(agents) : null,
      });
      end = day(dateOn.getTime() - rnd.int(45, 160) * DAY);
      inRank -= 1;
      if (inRank === 0) {
        const lower = rankBefore(rank);
        // Promoted on board at the end of the contract in the lower rank (the next one back in time).
        if (lower !== rank && rnd.chance(0.6))
          promotions.push({
            userId: u.id,
            index: services.length + mine.length,
            roleId: rankId.get(rank) ?? 0,
            date: dateOn,
          });
        rank = lower;
        inRank = rnd.int(2, 3);
      }
    }
    services.push(...mine);
  }

  // Short transactions, each with the audit trail and the derived-column triggers off: the
  // server answers while the demo fills (one connection on the embedded database), and the
  // derived columns are refreshed at the end, a few hundred applicants at a time.
  const quiet = <T>(fn: (tx: TTx) => Promise<T>): Promise<T> => quietly(db, fn);
  const saved: { id: number; userId: number; dateOn: Date; dateOff: Date | null }[] = [];
  for (let i = 0; i < services.length; i += 1000) {
    saved.push(
      ...(await quiet((tx) =>
        tx.expirience.createManyAndReturn({
          data: services.slice(i, i + 1000),
          select: { id: true, userId: true, dateOn: true, dateOff: true },
        }),
      )),
    );
  }
  const performances = [
    ...promotions.flatMap((p) => {
      const s = saved[p.index];
      return s
        ? [
            {
              expirienceId: s.id,
              userId: p.userId,
              docType: "promotion",
              roleId: p.roleId,
              date: s.dateOff ?? p.date,
            },
          ]
        : [];
    }),
    ...saved.flatMap((s) => {
      const r = rnd.int(0, 99);
      if (r < 8)
        return [
          {
            expirienceId: s.id,
            userId: s.userId,
            docType: "appraisal",
            rating: rnd.int(3, 5),
            date: s.dateOff,
            comment: "End-of-contract appraisal by the master.",
          },
        ];
      if (r < 10)
        return [
          {
            expirienceId: s.id,
            userId: s.userId,
            docType: "commendation",
            date: s.dateOff,
            comment: "Commended for the port state control inspection without deficiencies.",
          },
        ];
      if (r === 10)
        return [
          {
            expirienceId: s.id,
            userId: s.userId,
            docType: "warning",
            date: s.dateOff,
            comment: "Late relief of the watch, written warning.",
          },
        ];
      return [];
    }),
  ];
  for (let i = 0; i < performances.length; i += 1000)
    await quiet((tx) => tx.userPerformance.createMany({ data: performances.slice(i, i + 1000) }));
  const recent = saved.filter((s) => s.dateOn.getTime() > now - 3 * 365 * DAY && rnd.chance(0.1));
  await quiet((tx) =>
    tx.experienceVerification.createMany({
      data: recent.map((s) => ({
        expirienceId: s.id,
        userId: s.userId,
        result: rnd.pick(["confirmed", "confirmed", "confirmed", "pending", "not_confirmed"]),
        contactCompany: "Crewing department of the manager",
        contactPerson: rnd.pick(["Capt. A. Morris", "Ms. L. Santos", "Mr. P. Novak"]),
        verifiedOn: day(now - rnd.int(5, 200) * DAY),
        authorId: staff.length ? rnd.pick(staff) : null,
      })),
    }),
  );

  // Documents: issued some years back, valid for their kind's term; some run out soon or ran out.
  type TDocument = {
    userId: number;
    nTpd: number;
    nDoc: number;
    number: string;
    validFrom: Date;
    validUntil: Date | null;
    issuingCountryId: number | null;
    issuedBy: string | null;
    roleId: number | null;
    sequence: number;
    authorId: number | null;
  };
  const documents: TDocument[] = [];
  const certificates: { doc: TDocument; flag: string }[] = [];
  for (const u of users) {
    let sequence = 0;
    /**
     * A document of `key` valid for its kind's term; most are comfortably valid, some run out
     * within the warning lines, a few ran out (`risk`: the share of each).
     */
    const add = (key: TDocumentKindKey, extra: Partial<TDocument> = {}, risk = 0.03): TDocument => {
      const years = DOCUMENT_KINDS[key].years;
      const r = rnd.int(0, 9_999) / 10_000;
      const left =
        r < risk / 2
          ? -rnd.int(1, 200)
          : r < risk * 1.5
            ? rnd.int(0, 90)
            : rnd.int(91, Math.max(120, years * 365 - 30));
      const validUntil = years ? day(now + left * DAY) : null;
      // Issued the day after the same date `years` earlier: a 10-year passport of 25.03.2026 runs to 24.03.2036.
      const validFrom = validUntil
        ? new Date(
            Date.UTC(
              validUntil.getUTCFullYear() - years,
              validUntil.getUTCMonth(),
              validUntil.getUTCDate() + 1,
            ),
          )
        : day(now - rnd.int(30, 3_000) * DAY);
      const doc: TDocument = {
        userId: u.id,
        nTpd: 1,
        nDoc: kindId(key),
        number: `${key.slice(0, 2).toUpperCase()}${rnd.int(100_000, 999_999)}`,
        validFrom,
        validUntil,
        issuingCountryId: u.countryBirthId,
        issuedBy: null,
        roleId: null,
        sequence: ++sequence,
        authorId: u.authorId,
        ...extra,
      };
      documents.push(doc);
      return doc;
    };
    add("passport", { issuedBy: "Migration service" }, 0.02);
    add("book", { issuedBy: "Harbour master" }, 0.02);
    // Medical certificates last two years: more of them are near their end.
    add("medical", { issuedBy: "Approved seafarers' medical centre" }, 0.08);
    add("basic", { issuedBy: "Maritime training centre" });
    add("security", { issuedBy: "Maritime training centre" });
    const applied = rankTitle.get(u.roleId ?? 0) ?? "";
    const coc = COC_OF_RANK[applied];
    if (coc) {
      add("survival", { issuedBy: "Maritime training centre" });
      add("fire", { issuedBy: "Maritime training centre" });
      add("firstAid", { issuedBy: "Maritime training centre" });
      const cert = add(coc, { nTpd: 2, issuedBy: "Captain of the port", roleId: u.roleId }, 0.04);
      certificates.push({ doc: cert, flag: rnd.pick(ENDORSING_FLAGS) });
      if (applied.includes("Officer") || applied === "Master")
        add("gmdss", { issuedBy: "Maritime administration" });
    }
    if (rnd.chance(0.3)) add("usVisa", { issuedBy: "US Embassy" }, 0.05);
    if (rnd.chance(0.4)) add("yellowFever", { issuedBy: "Port health service" });
  }
  const savedDocs: { id: number; userId: number; nDoc: number; nTpd: number }[] = [];
  for (let i = 0; i < documents.length; i += 1000) {
    savedDocs.push(
      ...(await quiet((tx) =>
        tx.applicantDocument.createManyAndReturn({
          data: documents.slice(i, i + 1000),
          select: { id: true, userId: true, nDoc: true, nTpd: true },
        }),
      )),
    );
  }
  // Flag endorsements of the certificates of competency (kind 3), linked through endorsement_id.
  const certRows = savedDocs.filter((d) => d.nTpd === 2);
  const endorsements = certificates.map(({ doc, flag }) => ({
    ...doc,
    nTpd: 3,
    number: `END-${rnd.int(10_000, 99_999)}`,
    issuingCountryId: countries.get(flag) ?? null,
    issuedBy: "Flag administration",
    validFrom: day(doc.validFrom.getTime() + rnd.int(10, 60) * DAY),
    // An endorsement runs to its certificate's end at the latest.
    validUntil: doc.validUntil,
  }));
  const savedEndorsements: { id: number }[] = [];
  for (let i = 0; i < endorsements.length; i += 1000) {
    savedEndorsements.push(
      ...(await quiet((tx) =>
        tx.applicantDocument.createManyAndReturn({
          data: endorsements.slice(i, i + 1000),
          select: { id: true },
        }),
      )),
    );
  }
  if (certRows.length === savedEndorsements.length && certRows.length) {
    const pairs = certRows.map((c, i) => [c.id, savedEndorsements[i]?.id ?? 0]);
    await quiet(
      (tx) => tx.$executeRaw`
    UPDATE applicant_documents d SET endorsement_id = p.e
      FROM (SELECT unnest(${pairs.map((p) => p[0] ?? 0)}::int[]) AS c, unnest(${pairs.map((p) => p[1] ?? 0)}::int[]) AS e) p
     WHERE d.id = p.c`,
    );
  }

  const spouse = relationTypes.get("Spouse") ?? null;
  await quiet((tx) =>
    tx.relative.createMany({
      data: users.flatMap((u) => [
        ...(rnd.chance(0.6)
          ? [
              {
                userId: u.id,
                name: `${rnd.pick(GIVEN)} ${u.surname}`,
                relationTypeId: spouse,
                phone: `+380 67 ${rnd.int(100, 999)} ${rnd.int(10, 99)} ${rnd.int(10, 99)}`,
                nextOfKin: true,
                authorId: u.authorId,
              },
            ]
          : []),
        ...(rnd.chance(0.3)
          ? [
              {
                userId: u.id,
                name: `${rnd.pick(GIVEN)} ${u.surname}`,
                relationTypeId: relationTypes.get(rnd.pick(["Mother", "Father"])) ?? null,
                nextOfKin: false,
                authorId: u.authorId,
              },
            ]
          : []),
      ]),
    }),
  );
  await quiet((tx) =>
    tx.englishTestResult.createMany({
      data: users.flatMap((u) => {
        if (!testTypes.length || !rnd.chance(0.5)) return [];
        const score = rnd.int(55, 97);
        return [
          {
            userId: u.id,
            englishTestTypeId: rnd.pick(testTypes).id,
            score,
            level: CEFR_BY_SCORE(score),
            date: day(now - rnd.int(30, 900) * DAY),
            authorId: u.authorId,
          },
        ];
      }),
    }),
  );
  await quiet((tx) =>
    tx.interview.createMany({
      data: users.flatMap((u) =>
        rnd.chance(0.15)
          ? [
              {
                userId: u.id,
                title: rnd.pick(INTERVIEWS),
                date: day(now - rnd.int(1, 700) * DAY),
                interviewerId: staff.length ? rnd.pick(staff) : null,
                roleId: u.roleId,
                result: rnd.pick(["recommended", "recommended", "reserve", "not_recommended", "pending"]),
                notes: "Discussed the last contracts, the vessel types and the readiness date.",
                authorId: u.authorId,
              },
            ]
          : [],
      ),
    }),
  );
  await quiet((tx) =>
    tx.recommendation.createMany({
      data: users.flatMap((u) =>
        rnd.chance(0.1)
          ? [
              {
                userId: u.id,
                person: `Capt. ${rnd.pick(["Morris", "Petrenko", "Santos", "Novak", "Andersen"])}`,
                company: rnd.pick(OTHER_SHIPS).manager,
                vesselName: rnd.pick(OTHER_SHIPS).name,
                roleId: rankId.get("Master") ?? null,
                date: day(now - rnd.int(30, 1200) * DAY),
                text: "Reliable, knows the job, keeps good relations with the crew. Recommended for re-employment.",
                authorId: u.authorId,
              },
            ]
          : [],
      ),
    }),
  );
  for (let i = 0; i < users.length; i += 250) {
    const ids = users.slice(i, i + 250).map((u) => u.id);
    await quiet(
      (tx) =>
        tx.$executeRaw`SELECT users_derive_sea_service(${ids}::int[]), users_derive_documents(${ids}::int[]), users_derive_promotions(${ids}::int[])`,
    );
  }
};
