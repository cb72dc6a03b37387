import { Prisma } from "../../generated/prisma/client.js";
import { APPLICANT_TAGS, NATIONALITIES, type TNationality } from "../applicant-names.js";
import type { TDb } from "../../db/client.js";
import { DEMO_RANKS, DEMO_REFERENCE_DATA } from "../demo-data.js";
import { bulk, refreshDerivedColumns } from "./bulk.js";
import type { TScalePart } from "./part.js";

/**
 * Applicants at scale (docs/applicants.md "Scale"): `--applicants` seafarers spread over ten
 * nationalities by their share of the labour market, with passport names, patronymics where
 * used, gender (men; 2 % unknown), phones of their country, e-mails, every rank, the seven placement statuses, crewing
 * statuses, readiness dates, wages, flags, external ids, 4 % archived; a third with one tag and
 * a tenth with two; ~130 stars for every staff account. Set-based: INSERT ... SELECT
 * generate_series per nationality in chunks, each chunk its own transaction with the audit
 * trail and the derived-column feeds off (docs/versions.md), every value from a hash of the
 * row number so a run is reproducible; then one refresh of the derived columns, VACUUM ANALYZE.
 */
const CHUNK = 20_000;

const STATUS_CUTS: readonly [number, string][] = [
  [40, "vacancy"],
  [55, "to_propose"],
  [63, "pending_approval"],
  [72, "approved"],
  [86, "on_board"],
  [93, "completed"],
  [100, "other_agency"],
];

/** A value in 0..2^31 from the row number and a salt: reproducible, evenly spread. */
const r = (salt: string) => Prisma.raw(`abs(hashtext(s.g::text || ':${salt}'))`);
/** The same from an applicant id (tags and stars are chosen from the id). */
const rid = (column: string, salt: string) => Prisma.raw(`abs(hashtext(${column}::text || ':${salt}'))`);

const statusSql = Prisma.raw(
  `CASE ${STATUS_CUTS.map(([cut, s]) => `WHEN abs(hashtext(s.g::text || ':status')) % 100 < ${cut} THEN '${s}'`).join(" ")} END`,
);

const ensureReferenceData = async (db: TDb): Promise<void> => {
  await db.rank.createMany({
    data: DEMO_RANKS.map((rank, i) => ({ ...rank, crewingPriority: i + 1 })),
    skipDuplicates: true,
  });
  await db.crewingStatus.createMany({
    data: DEMO_REFERENCE_DATA.crewingStatuses.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.country.createMany({
    data: NATIONALITIES.map((n) => ({ code: n.code, name: n.country })),
    skipDuplicates: true,
  });
  await db.tag.createMany({ data: APPLICANT_TAGS.map((name) => ({ name })), skipDuplicates: true });
};

/** How many of `total` each nationality gets, by weight (the last takes the rounding). */
const shares = (total: number): number[] => {
  const sum = NATIONALITIES.reduce((a, n) => a + n.weight, 0);
  const out = NATIONALITIES.map((n) => Math.floor((total * n.weight) / sum));
  out[out.length - 1]! += total - out.reduce((a, b) => a + b, 0);
  return out;
};

const insertChunk = async (
  tx: Prisma.TransactionClient,
  nat: TNationality,
  countryId: number,
  refs: { ranks: number[]; statuses: number[]; staff: number[]; tagNames: string[] },
  from: number,
  count: number,
): Promise<void> => {
  const surnames = [...nat.surnames];
  const names = [...nat.names];
  const middles = nat.middles ? [...nat.middles] : [];
  await tx.$executeRaw`
    WITH s AS (
      SELECT ${nat.code} || ':' || (${from}::int + g) AS g, nextval('users_id_seq')::int AS id,
             nextval('users_applicant_number_seq')::text AS num
        FROM generate_series(1, ${count}::int) AS g
    ), v AS (
      SELECT s.*,
             (${surnames}::text[])[1 + ${r("surname")} % ${surnames.length}] AS surname,
             (${names}::text[])[1 + ${r("name")} % ${names.length}] AS name,
             now() - make_interval(days => ${r("created")} % 3000, secs => ${r("created-s")} % 86400) AS created
        FROM s
    )
    INSERT INTO users (
      id, crewing_applicant_id, surname, name, middle, gender, birthday, country_birth_id, email, email_alternative, mobile_phone,
      mobile_phone_alternative, phonehome, role_id, crewing_status_id, status, readiness_date, wage, hot, no_call_answer,
      ex_scg, stable_employee, need_reaction, need_education, ukr_crewing_id, crewell_id, us_visa_doe, archived, archived_at,
      author_id, tag_list, created_at, updated_at
    )
    SELECT
      s.id, s.num, s.surname, s.name,
      CASE WHEN ${middles.length}::int > 0 THEN (${middles}::text[])[1 + ${r("middle")} % greatest(${middles.length}::int, 1)] END,
      -- The shared name lists are men's names: men, but 2 % whose record does not say.
      CASE WHEN ${r("gender")} % 100 >= 2 THEN 'male' END,
      date '1962-01-01' + (${r("birthday")} % 15000)::int,
      ${countryId}::int,
      CASE WHEN ${r("email")} % 10 > 0 THEN
        lower(regexp_replace(unaccent(s.name || '.' || s.surname), '[^a-zA-Z.]', '', 'g')) || s.id || '@' || (${[...nat.mail]}::text[])[1 + ${r("mail")} % ${nat.mail.length}]
      END,
      CASE WHEN ${r("email2")} % 12 = 0 THEN lower(regexp_replace(unaccent(s.surname), '[^a-zA-Z]', '', 'g')) || '.' || s.id || '@gmail.com' END,
      '+' || ${nat.phone.cc} || ' ' || (${[...nat.phone.prefixes]}::text[])[1 + ${r("prefix")} % ${nat.phone.prefixes.length}] || ' '
        || lpad((${r("mobile")} % 10000000)::text, 7, '0'),
      CASE WHEN ${r("mobile2")} % 7 = 0 THEN '+' || ${nat.phone.cc} || ' ' || (${[...nat.phone.prefixes]}::text[])[1 + ${r("prefix2")} % ${nat.phone.prefixes.length}] || ' '
        || lpad((${r("mobile2n")} % 10000000)::text, 7, '0') END,
      CASE WHEN ${r("home")} % 10 = 0 THEN '+' || ${nat.phone.cc} || ' ' || lpad((${r("homen")} % 100000000)::text, 8, '0') END,
      (${refs.ranks}::int[])[1 + ${r("rank")} % ${refs.ranks.length}],
      CASE WHEN ${r("cstatus")} % 10 < 7 THEN (${refs.statuses}::int[])[1 + ${r("cstatus-v")} % ${refs.statuses.length}] END,
      ${statusSql},
      CASE WHEN ${r("ready")} % 100 < 85 THEN current_date + (${r("ready-d")} % 420)::int - 60 END,
      CASE WHEN ${r("wage")} % 10 < 8 THEN 800 + (${r("wage-v")} % 224) * 50 END,
      ${r("hot")} % 100 < 6, ${r("nocall")} % 100 < 5, ${r("exscg")} % 100 < 10, ${r("stable")} % 100 < 15,
      ${r("reaction")} % 100 < 5, ${r("education")} % 100 < 3,
      CASE WHEN ${r("uc")} % 10 < 3 THEN (100000 + ${r("uc-v")} % 900000)::text END,
      CASE WHEN ${r("cw")} % 100 < 15 THEN (500000 + ${r("cw-v")} % 400000)::text END,
      CASE WHEN ${r("visa")} % 100 < 12 THEN current_date + (${r("visa-d")} % 1500)::int - 300 END,
      ${r("archived")} % 100 < 4,
      CASE WHEN ${r("archived")} % 100 < 4 THEN s.created + interval '30 days' END,
      (${refs.staff}::int[])[1 + ${r("author")} % ${Math.max(refs.staff.length, 1)}],
      ARRAY(SELECT DISTINCT t FROM unnest(ARRAY[
        CASE WHEN ${rid("s.id", "tag1")} % 3 = 0 THEN (${refs.tagNames}::text[])[1 + ${rid("s.id", "tag1-v")} % ${refs.tagNames.length}] END,
        CASE WHEN ${rid("s.id", "tag2")} % 10 = 0 THEN (${refs.tagNames}::text[])[1 + ${rid("s.id", "tag2-v")} % ${refs.tagNames.length}] END
      ]) AS t WHERE t IS NOT NULL ORDER BY t),
      s.created,
      least(now(), s.created + make_interval(days => ${r("updated")} % 200))
    FROM v AS s`;
};

/** The join rows of the tags each applicant of `[lo, hi]` got in its tag_list (same hashes of the id, by the same names). */
const insertTags = async (
  tx: Prisma.TransactionClient,
  tagNames: string[],
  tagIds: number[],
  lo: number,
  hi: number,
): Promise<void> => {
  await tx.$executeRaw`
    INSERT INTO user_tags (user_id, tag_id, updated_at)
    SELECT DISTINCT u.id, x.tag_id, now()
      FROM users u
      CROSS JOIN LATERAL (VALUES
        (CASE WHEN ${rid("u.id", "tag1")} % 3 = 0 THEN (${tagIds}::int[])[1 + ${rid("u.id", "tag1-v")} % ${tagNames.length}] END),
        (CASE WHEN ${rid("u.id", "tag2")} % 10 = 0 THEN (${tagIds}::int[])[1 + ${rid("u.id", "tag2-v")} % ${tagNames.length}] END)
      ) AS x(tag_id)
     WHERE u.id BETWEEN ${lo} AND ${hi} AND x.tag_id IS NOT NULL
    ON CONFLICT (user_id, tag_id) DO NOTHING`;
};

export const applicantsScalePart: TScalePart = {
  name: "applicants",
  flags: {
    applicants: {
      default: 200_000,
      help: "seafarer applicants, with tags, stars, statuses, ranks and nationalities",
    },
  },
  async run({ db, flags, log }) {
    const total = flags.applicants ?? 200_000;
    if (total === 0) return log("no applicants asked for");
    await ensureReferenceData(db);
    const ranks = (await db.rank.findMany({ orderBy: { crewingPriority: "asc" }, select: { id: true } })).map(
      (x) => x.id,
    );
    const statuses = (await db.crewingStatus.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map(
      (x) => x.id,
    );
    const staff = (await db.client.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map(
      (x) => x.id,
    );
    const tags = await db.tag.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
    const countries = new Map(
      (await db.country.findMany({ select: { id: true, code: true } })).map((c) => [c.code, c.id]),
    );
    const refs = { ranks, statuses, staff, tagNames: tags.map((t) => t.name) };
    const tagIds = tags.map((t) => t.id);
    const before = await db.user.count();
    const counts = shares(total);
    let done = 0;
    for (const [i, nat] of NATIONALITIES.entries()) {
      const n = counts[i] ?? 0;
      const countryId = countries.get(nat.code);
      if (countryId === undefined) throw new Error(`country ${nat.code} missing`);
      for (let from = 0; from < n; from += CHUNK) {
        const count = Math.min(CHUNK, n - from);
        await bulk(db, async (tx) => {
          const [lo] = await tx.$queryRaw<
            { id: number }[]
          >`SELECT last_value::int + 1 AS id FROM users_id_seq`;
          await insertChunk(tx, nat, countryId, refs, before + from, count);
          const [hi] = await tx.$queryRaw<{ id: number }[]>`SELECT last_value::int AS id FROM users_id_seq`;
          await insertTags(tx, refs.tagNames, tagIds, lo?.id ?? 0, hi?.id ?? 0);
        });
        done += count;
        log(`${done} / ${total} applicants (${nat.country})`);
      }
    }
    const stars = await bulk(
      db,
      (tx) => tx.$executeRaw`
      INSERT INTO favorites (client_id, user_id, updated_at)
      SELECT c.id, u.id, now() FROM clients c CROSS JOIN users u
       WHERE abs(hashtext(u.id::text || ':star:' || c.id::text)) % 1500 = 0
      ON CONFLICT (client_id, user_id) DO NOTHING`,
    );
    log(`${stars} stars`);
    // The derived columns of every area (tags are already consistent; planning and later areas fill theirs).
    await refreshDerivedColumns(db, log);
    for (const table of ["users", "user_tags", "favorites"])
      await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
    log("vacuumed and analysed");
  },
};
