import { formatDay } from "@crew/contracts";
import { documentCheckRepository } from "../document-matrix/document-check-repository.js";
import { checkDocuments } from "../document-matrix/document-check.js";
import { planningCheckReads } from "./planning-checks-reads.js";
import type { TPlanningCheck, TPlanWarning } from "./planning-checks.js";

const add = (out: Map<number, TPlanWarning[]>, planId: number, warning: TPlanWarning): void => {
  out.set(planId, [...(out.get(planId) ?? []), warning]);
};

/**
 * What the applicant record says against the plan: not ready by the planned start (readiness
 * date, DOA), a US visa (the one document the applicant record carries) expiring before the
 * planned end, an archived applicant, and a rank other than the one applied for.
 */
const applicantCheck: TPlanningCheck = async (db, plans) => {
  const reads = planningCheckReads(db);
  const [userById, rowById] = await Promise.all([
    reads.applicants(plans.map((p) => p.userId)),
    reads.rows(plans.map((p) => p.manningScaleId)),
  ]);
  const out = new Map<number, TPlanWarning[]>();
  for (const plan of plans) {
    const user = userById.get(plan.userId);
    if (!user) continue;
    if (user.archived)
      add(out, plan.id, {
        code: "applicant_archived",
        title: "Archived applicant",
        detail: "The applicant's record is archived.",
      });
    // Readiness (DOA) speaks of joining: a seafarer on board already joined.
    if (user.readinessDate && user.readinessDate > plan.start && plan.status !== "on_board") {
      add(out, plan.id, {
        code: "not_ready",
        title: "Not ready by the start",
        detail: `Ready from ${formatDay(user.readinessDate)}, planned from ${formatDay(plan.start)}.`,
      });
    }
    if (user.usVisaDoe && user.usVisaDoe < plan.end) {
      add(out, plan.id, {
        code: "document_expires",
        title: "US visa expires",
        detail: `The US visa expires ${formatDay(user.usVisaDoe)}, before the planned end ${formatDay(plan.end)}.`,
      });
    }
    const row = rowById.get(plan.manningScaleId);
    if (row && user.roleId !== null && user.roleId !== row.rankId) {
      add(out, plan.id, {
        code: "other_rank",
        title: "Another rank",
        detail: `Applied for ${user.roleTitle ?? "another rank"}, planned as ${row.rankTitle}.`,
      });
    }
  }
  return out;
};

/**
 * The seafarer's documents (applicant_documents) against the plan: a document of a kind they
 * hold whose newest copy expires before the planned end (an older, replaced copy does not
 * count), and a rank they hold no document for (no certificate naming the row's rank). The
 * owner's document matrix will say which kinds each rank needs on each owner's ships; until
 * then every kind the seafarer holds counts.
 */
const documentsCheck: TPlanningCheck = async (db, plans) => {
  const reads = planningCheckReads(db);
  const rowById = await reads.rows(plans.map((p) => p.manningScaleId));
  const [documents, needsCertificate] = await Promise.all([
    reads.documents(plans.map((p) => p.userId)),
    reads.certificatedRanks([...rowById.values()].map((r) => r.rankId)),
  ]);
  // Per seafarer and kind (endorsements apart): the newest expiry, or null when one copy never expires.
  const newest = new Map<number, Map<string, { title: string; until: Date | null }>>();
  const ranks = new Map<number, Set<number>>();
  for (const d of documents) {
    const kinds = newest.get(d.userId) ?? new Map<string, { title: string; until: Date | null }>();
    const key = `${d.nDoc}:${d.nTpd === 3 ? "endorsement" : "document"}`;
    const title = d.nTpd === 3 ? `${d.kindTitle} (endorsement)` : d.kindTitle;
    const seen = kinds.get(key);
    if (!seen || (seen.until !== null && (d.validUntil === null || d.validUntil > seen.until)))
      kinds.set(key, { title, until: d.validUntil });
    newest.set(d.userId, kinds);
    if (d.roleId !== null) ranks.set(d.userId, (ranks.get(d.userId) ?? new Set<number>()).add(d.roleId));
  }
  const out = new Map<number, TPlanWarning[]>();
  for (const plan of plans) {
    for (const doc of newest.get(plan.userId)?.values() ?? []) {
      if (doc.until !== null && doc.until < plan.end) {
        add(out, plan.id, {
          code: "document_expires",
          title: `${doc.title} expires`,
          detail: `${doc.title} expires ${formatDay(doc.until)}, before the planned end ${formatDay(plan.end)}.`,
        });
      }
    }
    const row = rowById.get(plan.manningScaleId);
    if (row && needsCertificate.has(row.rankId) && !ranks.get(plan.userId)?.has(row.rankId)) {
      add(out, plan.id, {
        code: "rank_document_missing",
        title: `No document for ${row.rankTitle}`,
        detail: `None of the seafarer's documents qualifies them as ${row.rankTitle}.`,
      });
    }
  }
  return out;
};

/** The document with its STCW regulation, unless its title names it already ("STCW VI/1 Basic safety training"). */
const describe = (doc: { document: string; stcw_reference: string | null }): string =>
  doc.stcw_reference && !doc.document.includes(doc.stcw_reference)
    ? `${doc.document} (STCW ${doc.stcw_reference})`
    : doc.document;

/**
 * The owner's current document matrix for the row's rank (docs/owners-terms.md "Planner
 * warnings"): each required document missing, expired on the start, with fewer months left at
 * joining than the matrix asks, or expiring before the planned end, named. Plans whose owner has
 * no current matrix, or whose rank is not a row of it, fall back to `documentsCheck` (today's
 * rule).
 */
const matrixOrDocumentsCheck: TPlanningCheck = async (db, plans) => {
  const repo = documentCheckRepository(db);
  const reads = planningCheckReads(db);
  const rows = await reads.rows(plans.map((p) => p.manningScaleId));
  const ownerOf = (rowId: number): number | null => rows.get(rowId)?.ownerId ?? null;
  const matrices = await repo.currentMatrices(
    plans.flatMap((p) => {
      const owner = ownerOf(p.manningScaleId);
      return owner === null ? [] : [owner];
    }),
  );
  const matrixOf = (plan: (typeof plans)[number]) => {
    const owner = ownerOf(plan.manningScaleId);
    const matrix = owner === null ? undefined : matrices.get(owner);
    const rankId = rows.get(plan.manningScaleId)?.rankId;
    return matrix && rankId !== undefined && matrix.roles.has(rankId) ? { matrix, rankId } : null;
  };
  const covered = plans.filter((p) => matrixOf(p) !== null);
  const coveredIds = new Set(covered.map((p) => p.id));
  const others = plans.filter((p) => !coveredIds.has(p.id));
  const out = others.length ? await documentsCheck(db, others) : new Map<number, TPlanWarning[]>();
  if (!covered.length) return out;
  const [held, coverage] = await Promise.all([
    reads.heldDocuments(covered.map((p) => p.userId)),
    reads.coverage(),
  ]);
  for (const plan of covered) {
    const found = matrixOf(plan);
    if (!found) continue;
    const rank = rows.get(plan.manningScaleId)?.rankTitle ?? "this rank";
    const requirements = found.matrix.byRole.get(found.rankId) ?? [];
    for (const doc of checkDocuments(
      requirements,
      held.get(plan.userId) ?? [],
      coverage,
      plan.start,
      plan.end,
    )) {
      if (!doc.required) continue;
      const name = describe(doc);
      const start = formatDay(plan.start);
      if (doc.status === "missing")
        add(out, plan.id, {
          code: "matrix_document_missing",
          title: `Missing: ${doc.document}`,
          detail: `${found.matrix.title} requires ${name} for ${rank}; the seafarer holds none.`,
        });
      else if (doc.status === "expired")
        add(out, plan.id, {
          code: "matrix_document_expired",
          title: `Expired: ${doc.document}`,
          detail: `${name} expired ${formatDay(doc.valid_until)}, before joining on ${start}.`,
        });
      else if (doc.status === "expiring")
        add(out, plan.id, {
          code: "matrix_document_expiring",
          title: `Too little validity: ${doc.document}`,
          detail: `${found.matrix.title} requires ${doc.months_required} months of ${name} left at joining; it expires ${formatDay(doc.valid_until)} (joining ${start}).`,
        });
      else if (doc.covers_tour === false)
        add(out, plan.id, {
          code: "matrix_document_ends_in_tour",
          title: `${doc.document} expires during the tour`,
          detail: `${name} expires ${formatDay(doc.valid_until)}, before the planned end ${formatDay(plan.end)}.`,
        });
    }
  }
  return out;
};

/**
 * The planning checks (planning-checks.ts), each set-based, each reading its own tables: the
 * applicant record, and the owner's document matrix or, where none applies, the applicant's
 * documents (docs/planner.md "Planning warnings").
 */
export const PLANNING_CHECKS: readonly TPlanningCheck[] = [applicantCheck, matrixOrDocumentsCheck];
