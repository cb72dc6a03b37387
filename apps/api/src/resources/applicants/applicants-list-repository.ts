import { z } from "zod";
import { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import { sqlRows } from "../../db/plain-rows.js";
import type { TSearchQuery, TSearchTerm } from "./search-text.js";
import type { TApplicantFilter, TApplicantQuery, TApplicantSort } from "./applicants-query.js";

/**
 * The applicant list as SQL (docs/applicants.md "List and search"): the filters of spec 001,
 * the search over the text-search document and the phone digits' trigram index, and the sort,
 * each served by an index on `users` so a page of 200,000 applicants costs milliseconds. The
 * kernel loads the page's rows by the ids this returns (applicants-binding.ts `listPage`).
 */

/** Sort columns: nullable ones sort empty values last both ways (their indexes say NULLS LAST). */
const SORT_COLUMNS: Record<
  TApplicantSort,
  { columns: readonly string[]; nullable: boolean; invert?: boolean }
> = {
  id: { columns: [], nullable: false },
  created_at: { columns: ["created_at"], nullable: false },
  updated_at: { columns: ["updated_at"], nullable: false },
  crewing_applicant_id: { columns: ["crewing_applicant_id"], nullable: false },
  surname: { columns: ["surname", "name"], nullable: false },
  full_name: { columns: ["surname", "name"], nullable: false },
  birthday: { columns: ["birthday"], nullable: true },
  age: { columns: ["birthday"], nullable: true, invert: true },
  status: { columns: ["status"], nullable: true },
  readiness_date: { columns: ["readiness_date"], nullable: true },
  wage: { columns: ["wage"], nullable: true },
  vessel_last_name: { columns: ["vessel_last_name"], nullable: true },
  last_contract_soff: { columns: ["last_contract_soff"], nullable: true },
  vessel_planned_name: { columns: ["vessel_planned_name"], nullable: true },
  date_planned: { columns: ["date_planned"], nullable: true },
  promotions_count: { columns: ["promotions_count"], nullable: false },
  last_contact: { columns: ["last_contact"], nullable: true },
};

const orderBy = (sort: TApplicantQuery["sort"]): Prisma.Sql => {
  const parts: string[] = [];
  let lastDesc = false;
  for (const s of sort) {
    const spec = SORT_COLUMNS[s.field];
    const desc = spec.invert ? !s.desc : s.desc;
    for (const column of spec.columns) {
      // Columns come from the fixed table above, never from the request.
      parts.push(`u."${column}" ${desc ? "DESC" : "ASC"}${spec.nullable ? " NULLS LAST" : ""}`);
    }
    lastDesc = desc;
    if (s.field === "id") break;
  }
  // Ties broken by id in the direction of the last key, so the sort's index serves the page.
  parts.push(`u.id ${lastDesc ? "DESC" : "ASC"}`);
  return Prisma.raw(`ORDER BY ${parts.join(", ")}`);
};

/** One term: the text-search document, and the phone digits when the term reads as a number. */
const termCondition = (term: TSearchTerm): Prisma.Sql =>
  term.digits
    ? Prisma.sql`(u.search_document @@ search_term_query(${term.text}) OR u.search_phones LIKE ${`%${term.digits}%`})`
    : Prisma.sql`u.search_document @@ search_term_query(${term.text})`;

/** AND of terms: the word terms as one text query (one index scan), the number terms each with its phone match. */
const conjunction = (terms: readonly TSearchTerm[]): Prisma.Sql => {
  const words = terms.filter((t) => !t.digits);
  const numbers = terms.filter((t) => t.digits);
  const parts: Prisma.Sql[] = [];
  if (words.length) {
    const query = Prisma.join(
      words.map((t) => Prisma.sql`search_term_query(${t.text})`),
      " && ",
    );
    parts.push(Prisma.sql`u.search_document @@ (${query})`);
  }
  parts.push(...numbers.map(termCondition));
  return Prisma.sql`(${Prisma.join(parts, " AND ")})`;
};

const searchCondition = (search: TSearchQuery): Prisma.Sql | null =>
  search.length ? Prisma.sql`(${Prisma.join(search.map(conjunction), " OR ")})` : null;

/**
 * "Has sea service on such a vessel or with such a company" (docs/applicants.md "Filters"),
 * from the applicant row's sea-service facets: each filter on its own index.
 */
const seaServiceConditions = (f: TApplicantFilter): Prisma.Sql[] => {
  const c: Prisma.Sql[] = [];
  if (f.deadweight)
    c.push(
      Prisma.sql`u.sea_deadweights && int4range(${f.deadweight.from}::int, ${f.deadweight.to}::int, '[]')`,
    );
  if (f.vesselTypeIds) c.push(Prisma.sql`u.sea_vessel_type_ids && ${f.vesselTypeIds}::int[]`);
  if (f.engineTypes) c.push(Prisma.sql`u.sea_engine_type_ids && ${f.engineTypes}::int[]`);
  if (f.engineManufacturers)
    c.push(Prisma.sql`u.sea_engine_manufacturer_ids && ${f.engineManufacturers}::int[]`);
  if (f.companyManagerName) {
    // Part of a name, any case (trigram index); % and _ typed are literal.
    const pattern = `%${f.companyManagerName.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    c.push(Prisma.sql`u.sea_companies ILIKE ${pattern}`);
  }
  return c;
};

const whereOf = (q: TApplicantQuery): Prisma.Sql => {
  const f = q.filter;
  const c: Prisma.Sql[] = [];
  if (!f.showArchived) c.push(Prisma.sql`NOT u.archived`);
  if (f.role) c.push(Prisma.sql`u.role_id = ANY(${f.role}::int[])`);
  if (f.status) {
    // An empty status reads as Vacancy (spec 001).
    c.push(
      f.status.includes("vacancy")
        ? Prisma.sql`(u.status = ANY(${f.status}::text[]) OR u.status IS NULL)`
        : Prisma.sql`u.status = ANY(${f.status}::text[])`,
    );
  }
  if (f.statusId) c.push(Prisma.sql`u.crewing_status_id = ANY(${f.statusId}::int[])`);
  if (f.favorites)
    c.push(
      Prisma.sql`EXISTS (SELECT 1 FROM favorites s WHERE s.user_id = u.id AND s.client_id = ${q.actorId})`,
    );
  if (f.tags) {
    // By the names in tag_list (its GIN index); the ids name the tags.
    const names = Prisma.sql`ARRAY(SELECT t.name FROM tags t WHERE t.id = ANY(${f.tags}::int[]))`;
    c.push(
      f.tagsMatch === "all"
        ? Prisma.sql`(u.tag_list @> ${names} AND cardinality(${names}) = ${f.tags.length})`
        : Prisma.sql`u.tag_list && ${names}`,
    );
  }
  if (f.age?.from != null)
    c.push(Prisma.sql`u.birthday <= (current_date - make_interval(years => ${f.age.from}::int))::date`);
  if (f.age?.to != null)
    c.push(Prisma.sql`u.birthday > (current_date - make_interval(years => ${f.age.to + 1}::int))::date`);
  if (f.externalLinks === true)
    c.push(Prisma.sql`(u.ukr_crewing_id IS NOT NULL OR u.crewell_id IS NOT NULL)`);
  if (f.externalLinks === false) c.push(Prisma.sql`(u.ukr_crewing_id IS NULL AND u.crewell_id IS NULL)`);
  c.push(...seaServiceConditions(f));
  const search = searchCondition(q.search);
  if (search) c.push(search);
  return c.length ? Prisma.sql`WHERE ${Prisma.join(c, " AND ")}` : Prisma.empty;
};

/** EXPLAIN (FORMAT JSON)'s answer: the top plan node's row estimate. */
const ZExplain = z.array(z.object({ Plan: z.object({ "Plan Rows": z.number() }) }));

/**
 * How a query is answered (docs/applicants.md "List and search"):
 * - `facets`: filters on archived, status, rank, crewing status and external ids only; the page
 *   walks the sort's index, the total is a sum over users_counts.
 * - `narrow`: a search, tags or stars pick a small set; it is found once (materialised),
 *   counted and sorted in one statement.
 * - `broad`: anything else (age, sea service); the page walks the sort's index checking each
 *   row; the total is counted up to BROAD_COUNT_CAP matches, and above that it is the
 *   planner's estimate (meta.total_estimated): counting 160,000 matches of a deadweight
 *   filter reads the whole table (600 ms) while the page itself takes a millisecond. The
 *   estimate is asked beside the page; when it is ESTIMATE_TRUSTED times the cap or more the
 *   capped count is not run at all (it read 1,001 wide rows: 12-20 ms of the 25 ms a page of
 *   "managed by Atlas" took at 200,000 applicants).
 */
export type TPlan = "facets" | "narrow" | "broad";

export const planOf = (q: TApplicantQuery): TPlan => {
  const f = q.filter;
  if (q.search.length || f.tags || f.favorites) return "narrow";
  if (
    f.age ||
    f.deadweight ||
    f.vesselTypeIds ||
    f.engineTypes ||
    f.engineManufacturers ||
    f.companyManagerName
  )
    return "broad";
  return "facets";
};

/** Past this many matches a broad query's total is estimated, not counted. */
export const BROAD_COUNT_CAP = 1000;

/**
 * An estimate this many times the cap is taken without counting: after ANALYZE the planner's
 * estimates of these filters were within 12 % of the counts at 200,000 (docs/decisions.md), so
 * a query it puts at 10,000 matches or more does not have 1,000 or fewer.
 */
export const ESTIMATE_TRUSTED = 10;

/** The total of a facets-only query from users_counts. */
const facetCount = (q: TApplicantQuery): Prisma.Sql => {
  const f = q.filter;
  const c: Prisma.Sql[] = [];
  if (!f.showArchived) c.push(Prisma.sql`NOT c.archived`);
  if (f.role) c.push(Prisma.sql`c.role_id = ANY(${f.role}::int[])`);
  if (f.status)
    c.push(
      Prisma.sql`(c.status = ANY(${f.status}::text[])${f.status.includes("vacancy") ? Prisma.sql` OR c.status = ''` : Prisma.empty})`,
    );
  if (f.statusId) c.push(Prisma.sql`c.crewing_status_id = ANY(${f.statusId}::int[])`);
  if (f.externalLinks !== undefined) c.push(Prisma.sql`c.has_external = ${f.externalLinks}`);
  const where = c.length ? Prisma.sql`WHERE ${Prisma.join(c, " AND ")}` : Prisma.empty;
  return Prisma.sql`SELECT coalesce(sum(c.n), 0)::int AS n FROM users_counts c ${where}`;
};

/** Columns the narrow plan keeps of each match: the id and what the sort reads. */
const sortColumns = (sort: TApplicantQuery["sort"]): Prisma.Sql => {
  const columns = new Set<string>(["id"]);
  for (const s of sort) for (const column of SORT_COLUMNS[s.field].columns) columns.add(column);
  return Prisma.raw([...columns].map((column) => `u."${column}"`).join(", "));
};

/** The SQL of one list query, for the repository and for the benchmark's direct runs. */
export const applicantListSql = (q: TApplicantQuery, page: { size: number; number: number }) => {
  const where = whereOf(q);
  const plan = planOf(q);
  const offset = (page.number - 1) * page.size;
  return {
    plan,
    page: Prisma.sql`SELECT u.id FROM users u ${where} ${orderBy(q.sort)} LIMIT ${page.size} OFFSET ${offset}`,
    /** narrow: the page's ids with the total on each row. */
    narrowPage: Prisma.sql`
      WITH m AS MATERIALIZED (SELECT ${sortColumns(q.sort)} FROM users u ${where})
      SELECT u.id, (SELECT count(*) FROM m)::int AS total FROM m AS u ${orderBy(q.sort)} LIMIT ${page.size} OFFSET ${offset}`,
    count: plan === "facets" ? facetCount(q) : Prisma.sql`SELECT count(*)::int AS n FROM users u ${where}`,
    /** broad: the matches counted up to one past the cap (the scan stops there). */
    cappedCount: (cap = BROAD_COUNT_CAP) =>
      Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM users u ${where} LIMIT ${cap + 1}) s`,
    /** broad: the planner's estimate of the matches, as EXPLAIN gives it. */
    estimate: Prisma.sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM users u ${where}`,
    ids: (limit: number) => Prisma.sql`SELECT u.id FROM users u ${where} ${orderBy(q.sort)} LIMIT ${limit}`,
  };
};

export interface TPageExtras {
  id: number;
  rank: string | null;
  country: string | null;
  country_name: string | null;
  starred: boolean;
  shown: string[] | null;
  hidden: string[] | null;
}

export const extrasSql = (actorId: number, ids: readonly number[]): Prisma.Sql => Prisma.sql`
  SELECT u.id, r.title AS rank, c.code AS country, c.name AS country_name,
         EXISTS (SELECT 1 FROM favorites f WHERE f.client_id = ${actorId} AND f.user_id = u.id) AS starred,
         (SELECT shown_tags FROM clients WHERE id = ${actorId}) AS shown,
         (SELECT hidden_tags FROM clients WHERE id = ${actorId}) AS hidden
    FROM users u
    LEFT JOIN ranks r ON r.id = u.role_id
    LEFT JOIN countries c ON c.id = u.country_birth_id
   WHERE u.id = ANY(${[...ids]}::int[])`;

export const applicantsListRepository = (db: TTx) => ({
  /** The page's ids in order and the total. */
  async page(
    q: TApplicantQuery,
    page: { size: number; number: number },
    cap = BROAD_COUNT_CAP,
  ): Promise<{ ids: number[]; total: number; estimated?: boolean }> {
    const sql = applicantListSql(q, page);
    if (sql.plan === "narrow") {
      const rows = await sqlRows<{ id: number; total: number }>(db, sql.narrowPage);
      if (rows.length || page.number === 1) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
      return { ids: [], total: await this.count(q) };
    }
    if (sql.plan === "broad") {
      // The page and the estimate side by side; the count only when the estimate is not decisive.
      const [rows, plan] = await Promise.all([
        sqlRows<{ id: number }>(db, sql.page),
        sqlRows<{ "QUERY PLAN": unknown }>(db, sql.estimate),
      ]);
      const ids = rows.map((r) => r.id);
      const offset = (page.number - 1) * page.size;
      // A page that is not full is the last one: the total follows from it.
      if (rows.length < page.size && (rows.length > 0 || page.number === 1))
        return { ids, total: offset + rows.length };
      const raw = plan[0]?.["QUERY PLAN"];
      // json arrives parsed from pg and as text from some drivers.
      const estimated = Math.round(
        ZExplain.safeParse(typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw).data?.[0]?.Plan[
          "Plan Rows"
        ] ?? 0,
      );
      let counted = 0;
      if (estimated < cap * ESTIMATE_TRUSTED) {
        const capped = await sqlRows<{ n: number }>(db, sql.cappedCount(cap));
        counted = capped[0]?.n ?? 0;
        if (counted <= cap) return { ids, total: counted };
      }
      // Never below what was seen: the page's own position proves at least that many.
      return { ids, total: Math.max(estimated, counted, offset + rows.length), estimated: true };
    }
    // Two statements; on PostgreSQL they run side by side on two connections of the pool.
    const [rows, count] = await Promise.all([
      sqlRows<{ id: number }>(db, sql.page),
      sqlRows<{ n: number }>(db, sql.count),
    ]);
    return { ids: rows.map((r) => r.id), total: count[0]?.n ?? 0 };
  },

  async count(q: TApplicantQuery): Promise<number> {
    const [count] = await sqlRows<{ n: number }>(db, applicantListSql(q, { size: 1, number: 1 }).count);
    return count?.n ?? 0;
  },

  /** Ids of the first `limit` matches in the list's order (the tag job, exports). */
  async ids(q: TApplicantQuery, limit: number): Promise<number[]> {
    const rows = await sqlRows<{ id: number }>(db, applicantListSql(q, { size: 1, number: 1 }).ids(limit));
    return rows.map((r) => r.id);
  },

  /** What a page's rows show beside their columns, in one query: rank title, country code, the reader's star, the reader's tag lists. */
  async extras(actorId: number, ids: readonly number[]): Promise<TPageExtras[]> {
    return ids.length ? sqlRows<TPageExtras>(db, extrasSql(actorId, ids)) : [];
  },
});
