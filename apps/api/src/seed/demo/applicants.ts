import { PLACEMENT_STATUSES } from "@crew/contracts";
import { APPLICANT_TAGS, NATIONALITIES, type TNationality } from "../applicant-names.js";
import type { TDb } from "../../db/client.js";
import { applicantGenders } from "./applicant-genders.js";
import { DAY, day, seededRandom } from "./seeded-random.js";

/**
 * The demo applicants (spec 001): 2,000 seafarers of the nationalities a crewing office
 * works with, in their share of its database, with passport names, patronymics where used,
 * genders (a few women, most of them cooks), birthdays, phones and e-mails of their country,
 * the rank they apply for (officers less often than ratings), placement and crewing statuses,
 * readiness dates, expected wages by rank, flags and external ids; tags on a third of them, stars of the demo staff, and the staff's
 * tag lists (a freelancer's new-seafarer tag, a guest's hidden one). Reproducible: a seeded
 * generator, the same data on every fresh install.
 */
export const DEMO_APPLICANTS = 2_000;

/** Monthly wage expected, USD, by rank (the market's ranges, rounded). */
const WAGE: Record<string, [number, number]> = {
  Master: [9_500, 13_000],
  "Chief Engineer": [9_000, 12_500],
  "Chief Officer": [6_000, 8_500],
  "2nd Engineer": [5_800, 8_000],
  "2nd Officer": [3_500, 4_800],
  "3rd Engineer": [3_400, 4_600],
  "3rd Officer": [2_800, 3_800],
  "4th Engineer": [2_400, 3_200],
  ETO: [4_500, 6_500],
  Bosun: [1_900, 2_600],
  AB: [1_400, 1_900],
  OS: [900, 1_300],
  Fitter: [1_800, 2_400],
  Oiler: [1_300, 1_800],
  Wiper: [900, 1_300],
  Cook: [1_700, 2_400],
  "Deck Cadet": [450, 700],
  "Engine Cadet": [450, 700],
};
/** How often each rank is applied for: ratings far more than senior officers. */
const RANK_WEIGHT: Record<string, number> = {
  Master: 3,
  "Chief Engineer": 3,
  "Chief Officer": 5,
  "2nd Engineer": 5,
  "2nd Officer": 6,
  "3rd Engineer": 6,
  "3rd Officer": 6,
  "4th Engineer": 5,
  ETO: 4,
  Bosun: 6,
  AB: 16,
  OS: 10,
  Fitter: 5,
  Oiler: 10,
  Wiper: 6,
  Cook: 5,
  "Deck Cadet": 4,
  "Engine Cadet": 4,
};
const STATUS_WEIGHT: Record<(typeof PLACEMENT_STATUSES)[number], number> = {
  vacancy: 42,
  to_propose: 14,
  pending_approval: 8,
  approved: 9,
  on_board: 15,
  completed: 7,
  other_agency: 5,
};
const CITIES: Record<string, readonly string[]> = {
  UA: ["Odesa", "Mykolaiv", "Kherson", "Izmail", "Kyiv"],
  PH: ["Manila", "Cebu City", "Iloilo City", "Batangas"],
  IN: ["Mumbai", "Kochi", "Chennai", "Goa"],
  PL: ["Gdynia", "Szczecin", "Gdańsk"],
  RO: ["Constanța", "Galați", "Brăila"],
  LV: ["Riga", "Ventspils", "Liepāja"],
  GE: ["Batumi", "Poti", "Tbilisi"],
  HR: ["Rijeka", "Split", "Zadar"],
  ID: ["Jakarta", "Surabaya", "Semarang"],
  BG: ["Varna", "Burgas"],
};

const ascii = (s: string): string =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

export const seedApplicants = async (db: TDb): Promise<void> => {
  if ((await db.user.count()) > 0) return;
  const rnd = seededRandom(20_261_124);
  const personOf = applicantGenders(20_261_125);
  await db.country.createMany({
    data: NATIONALITIES.map((n) => ({ code: n.code, name: n.country })),
    skipDuplicates: true,
  });
  await db.tag.createMany({
    data: [...APPLICANT_TAGS, "Freelance lead"].map((name) => ({ name })),
    skipDuplicates: true,
  });
  const ranks = await db.rank.findMany({ select: { id: true, title: true } });
  const rankIds = new Map(ranks.map((r) => [r.title, r.id]));
  const statuses = await db.crewingStatus.findMany({ select: { id: true, title: true } });
  const countries = new Map(
    (await db.country.findMany({ select: { id: true, code: true } })).map((c) => [c.code, c.id]),
  );
  const staff = await db.client.findMany({ select: { id: true, email: true, role: true } });
  const tags = await db.tag.findMany({
    where: { name: { in: [...APPLICANT_TAGS] } },
    select: { id: true, name: true },
  });
  const nationalities = NATIONALITIES.map((n) => [n, n.weight] as const);
  const rankWeights = ranks.map((r) => [r.title, RANK_WEIGHT[r.title] ?? 1] as const);
  const statusWeights = PLACEMENT_STATUSES.map((s) => [s, STATUS_WEIGHT[s]] as const);
  const numbers = await db.$queryRaw<
    { n: string }[]
  >`SELECT nextval('users_applicant_number_seq')::text AS n FROM generate_series(1, ${DEMO_APPLICANTS}::int)`;
  const now = Date.now();
  const phone = (nat: TNationality) =>
    `+${nat.phone.cc} ${rnd.pick(nat.phone.prefixes)} ${String(rnd.int(100, 999))} ${String(rnd.int(10, 99))} ${String(rnd.int(10, 99))}`;

  const rows = numbers.map(({ n }, i) => {
    const nat = rnd.weighted(nationalities);
    const surname = rnd.pick(nat.surnames);
    const drawnName = rnd.pick(nat.names);
    const rankTitle = rankWeights.length ? rnd.weighted(rankWeights) : undefined;
    const [low, high] = (rankTitle && WAGE[rankTitle]) || [1_000, 3_000];
    const status = rnd.weighted(statusWeights);
    const created = now - rnd.int(0, 1_400) * DAY - rnd.int(0, 86_399) * 1000;
    const young = rankTitle?.includes("Cadet");
    const drawnMiddle = nat.middles ? rnd.pick(nat.middles) : null;
    const { gender, name, middle } = personOf(nat, rankTitle, drawnName, drawnMiddle);
    return {
      crewingApplicantId: n,
      surname,
      name,
      middle,
      gender,
      birthday: day(now - (young ? rnd.int(19, 24) : rnd.int(23, 62)) * 365.25 * DAY - rnd.int(0, 364) * DAY),
      countryBirthId: countries.get(nat.code) ?? null,
      email: rnd.chance(0.9)
        ? `${ascii(name)}.${ascii(surname)}${i % 7 === 0 ? rnd.int(70, 99) : ""}.${n.slice(-4)}@${rnd.pick(nat.mail)}`
        : null,
      emailAlternative: rnd.chance(0.08) ? `${ascii(surname)}.${n}@gmail.com` : null,
      mobilePhone: phone(nat),
      mobilePhoneAlternative: rnd.chance(0.12) ? phone(nat) : null,
      phonehome: rnd.chance(0.08)
        ? `+${nat.phone.cc} ${rnd.int(20, 89)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`
        : null,
      address: rnd.chance(0.7) ? `${rnd.pick(CITIES[nat.code] ?? [nat.country])}, ${nat.country}` : null,
      roleId: rankTitle ? (rankIds.get(rankTitle) ?? null) : null,
      crewingStatusId: statuses.length && rnd.chance(0.75) ? rnd.pick(statuses).id : null,
      status,
      readinessDate: rnd.chance(0.85) ? day(now + rnd.int(-45, 300) * DAY) : null,
      wage: rnd.chance(0.85) ? Math.round(rnd.int(low, high) / 50) * 50 : null,
      hot: rnd.chance(0.06),
      noCallAnswer: rnd.chance(0.05),
      exScg: rnd.chance(0.1),
      stableEmployee: status === "on_board" || status === "completed" ? rnd.chance(0.4) : rnd.chance(0.08),
      needReaction: rnd.chance(0.05),
      needEducation: rankTitle?.includes("Cadet") ? rnd.chance(0.3) : rnd.chance(0.02),
      ukrCrewingId: nat.code === "UA" && rnd.chance(0.6) ? String(rnd.int(100_000, 999_999)) : null,
      crewellId: rnd.chance(0.15) ? String(rnd.int(500_000, 899_999)) : null,
      telegramUserId: rnd.chance(0.3) ? String(rnd.int(100_000_000, 999_999_999)) : null,
      usVisaDoe: rnd.chance(0.12) ? day(now + rnd.int(-200, 1500) * DAY) : null,
      archived: rnd.chance(0.03),
      authorId: staff.length ? rnd.pick(staff).id : null,
      createdAt: new Date(created),
      updatedAt: new Date(Math.min(now, created + rnd.int(0, 120) * DAY)),
    };
  });

  // Demo data is not anyone's work: no audit trail for the bulk insert (docs/versions.md). A
  // transaction per 500 rows: the server answers while the demo fills (docs/performance.md).
  for (let i = 0; i < rows.length; i += 500)
    await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true)`;
        await tx.user.createMany({ data: rows.slice(i, i + 500) });
      },
      { maxWait: 60_000, timeout: 120_000 },
    );
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true)`;
      const users = await tx.user.findMany({ select: { id: true }, orderBy: { id: "asc" } });
      const links = users.flatMap((u) => {
        const chosen = new Set<number>();
        if (rnd.chance(0.33)) chosen.add(rnd.pick(tags).id);
        if (rnd.chance(0.1)) chosen.add(rnd.pick(tags).id);
        return [...chosen].map((tagId) => ({ userId: u.id, tagId }));
      });
      await tx.userTag.createMany({ data: links, skipDuplicates: true });
      const stars = staff
        .filter((s) => s.role !== "partner" && s.role !== "partner_view")
        .flatMap((s) =>
          Array.from({ length: rnd.int(8, 25) }, () => ({ clientId: s.id, userId: rnd.pick(users).id })),
        );
      await tx.favorite.createMany({ data: stars, skipDuplicates: true });
      const freelance = staff.find((s) => s.email === "freelance@example.com");
      if (freelance)
        await tx.client.update({
          where: { id: freelance.id },
          data: { newSeafarerTags: ["Freelance lead"] },
        });
      const guest = staff.find((s) => s.email === "guest@example.com");
      if (guest)
        await tx.client.update({ where: { id: guest.id }, data: { hiddenTags: ["Blacklist risk"] } });
    },
    { timeout: 120_000 },
  );
};
