import type { TTx } from "../../db/client.js";
import type { TCoverage, THeldDocument } from "../document-matrix/document-check.js";
import { coverageOf } from "../document-matrix/document-check.js";
import { dateOf, epochMs, plainRows } from "../../db/plain-rows.js";

/** A plan's row as the checks read it: its rank and the owner whose matrix applies (the vessel's, else the template row's). */
export interface TCheckedRow {
  id: number;
  rankId: number;
  rankTitle: string;
  ownerId: number | null;
}

/** The applicant record's values the applicant check reads. */
export interface TCheckedApplicant {
  id: number;
  readinessDate: Date | null;
  usVisaDoe: Date | null;
  archived: boolean;
  roleId: number | null;
  roleTitle: string | null;
}

/** A document of an applicant as the documents rule reads it. */
export interface TCheckedDocument {
  userId: number;
  nDoc: number;
  nTpd: number;
  validUntil: Date | null;
  roleId: number | null;
  kindTitle: string;
}

const ids = (values: readonly number[]): number[] => [...new Set(values)];

/**
 * The planning checks' reads (planning-checks-repository.ts), each one plain SQL query for a
 * page of plans (db/plain-rows.ts): a scheduler block asks for the warnings of ~120 staffed plans
 * and these small sets through Prisma's relation loading took most of its answer's time
 * (docs/planner.md "Speed"). Unordered, as the Prisma reads they replace were.
 */
export const planningCheckReads = (db: TTx) => ({
  async rows(rowIds: readonly number[]): Promise<Map<number, TCheckedRow>> {
    if (!rowIds.length) return new Map();
    const found = await plainRows<{
      id: number;
      rank_id: number;
      rank_title: string;
      owner_id: number | null;
    }>(
      db,
      "crew_planning_check_rows",
      `SELECT ms.id, ms.rank_id, r.title AS rank_title, COALESCE(ov.owner_id, ms.owner_id) AS owner_id
         FROM "public"."manning_scales" ms
         JOIN "public"."ranks" r ON r.id = ms.rank_id
         LEFT JOIN "public"."owner_vessels" ov ON ov.vessel_id = ms.vessel_id
        WHERE ms.id = ANY($1::int[])`,
      [ids(rowIds)],
    );
    return new Map(
      found.map((r) => [r.id, { id: r.id, rankId: r.rank_id, rankTitle: r.rank_title, ownerId: r.owner_id }]),
    );
  },

  async applicants(userIds: readonly number[]): Promise<Map<number, TCheckedApplicant>> {
    if (!userIds.length) return new Map();
    const found = await plainRows<{
      id: number;
      readiness_ms: number | null;
      us_visa_doe_ms: number | null;
      archived: boolean;
      role_id: number | null;
      role_title: string | null;
    }>(
      db,
      "crew_planning_check_applicants",
      `SELECT u.id, ${epochMs("u.readiness_date")} AS readiness_ms, ${epochMs("u.us_visa_doe")} AS us_visa_doe_ms,
              u.archived, u.role_id, r.title AS role_title
         FROM "public"."users" u LEFT JOIN "public"."ranks" r ON r.id = u.role_id
        WHERE u.id = ANY($1::int[])`,
      [ids(userIds)],
    );
    return new Map(
      found.map((u) => [
        u.id,
        {
          id: u.id,
          readinessDate: dateOf(u.readiness_ms),
          usVisaDoe: dateOf(u.us_visa_doe_ms),
          archived: u.archived,
          roleId: u.role_id,
          roleTitle: u.role_title,
        },
      ]),
    );
  },

  /** Every document of these applicants (the documents rule, where no matrix applies). */
  async documents(userIds: readonly number[]): Promise<TCheckedDocument[]> {
    if (!userIds.length) return [];
    const found = await plainRows<{
      user_id: number;
      n_doc: number;
      n_tpd: number;
      valid_until_ms: number | null;
      role_id: number | null;
      kind_title: string;
    }>(
      db,
      "crew_planning_check_documents",
      `SELECT d.user_id, d.n_doc, d.n_tpd, ${epochMs("d.valid_until")} AS valid_until_ms, d.role_id, k.title AS kind_title
         FROM "public"."applicant_documents" d JOIN "public"."applicant_document_kinds" k ON k.id = d.n_doc
        WHERE d.user_id = ANY($1::int[])`,
      [ids(userIds)],
    );
    return found.map((d) => ({
      userId: d.user_id,
      nDoc: d.n_doc,
      nTpd: d.n_tpd,
      validUntil: dateOf(d.valid_until_ms),
      roleId: d.role_id,
      kindTitle: d.kind_title,
    }));
  },

  /** Ranks among these some document anywhere names (a rank no certificate names needs none). */
  async certificatedRanks(rankIds: readonly number[]): Promise<Set<number>> {
    if (!rankIds.length) return new Set();
    const found = await plainRows<{ role_id: number }>(
      db,
      "crew_planning_check_certificated",
      `SELECT DISTINCT role_id FROM "public"."applicant_documents" WHERE role_id = ANY($1::int[])`,
      [ids(rankIds)],
    );
    return new Set(found.map((d) => d.role_id));
  },

  /** The certificates and documents of each applicant (endorsement records apart), for the matrix rule. */
  async heldDocuments(userIds: readonly number[]): Promise<Map<number, THeldDocument[]>> {
    const out = new Map<number, THeldDocument[]>();
    if (!userIds.length) return out;
    const found = await plainRows<{
      user_id: number;
      n_doc: number;
      valid_until_ms: number | null;
      title: string;
    }>(
      db,
      "crew_planning_check_held",
      `SELECT d.user_id, d.n_doc, ${epochMs("d.valid_until")} AS valid_until_ms, k.title
         FROM "public"."applicant_documents" d JOIN "public"."applicant_document_kinds" k ON k.id = d.n_doc
        WHERE d.user_id = ANY($1::int[]) AND d.n_tpd IN (1, 2)`,
      [ids(userIds)],
    );
    for (const r of found) {
      const list = out.get(r.user_id) ?? [];
      list.push({ kindId: r.n_doc, title: r.title, validUntil: dateOf(r.valid_until_ms) });
      out.set(r.user_id, list);
    }
    return out;
  },

  async coverage(): Promise<TCoverage> {
    const found = await plainRows<{ kind_id: number; covers_id: number }>(
      db,
      "crew_planning_check_coverage",
      `SELECT kind_id, covers_id FROM "public"."document_equivalences"`,
      [],
    );
    return coverageOf(found.map((r) => ({ kindId: r.kind_id, coversId: r.covers_id })));
  },
});
