import { isoDay, type TDocumentCheckRow } from "@crew/contracts";

/**
 * The document matrix's rule (docs/owners-terms.md "Compliance check"), with no database: a
 * seafarer's documents against what a matrix asks of a rank, on a joining day and to the end of
 * the tour. Both the check report and the planner's warnings use it.
 */

/** One cell of a matrix as the check reads it. */
export interface TRequirement {
  documentId: number;
  title: string;
  stcwReference: string | null;
  groupName: string;
  groupOrder: number;
  required: boolean;
  monthsRequired: number;
}

/** A matrix as the check reads it: its cells per rank. */
export interface TMatrixRules {
  id: number;
  title: string;
  ownerId: number;
  roles: ReadonlySet<number>;
  byRole: ReadonlyMap<number, readonly TRequirement[]>;
}

/** A document the seafarer holds (certificates and documents; endorsement records apart). */
export interface THeldDocument {
  kindId: number;
  title: string;
  validUntil: Date | null;
}

/** holder kind -> every kind it satisfies, itself included (equivalences followed transitively). */
export type TCoverage = ReadonlyMap<number, ReadonlySet<number>>;

export const coverageOf = (pairs: readonly { kindId: number; coversId: number }[]): TCoverage => {
  const direct = new Map<number, number[]>();
  for (const p of pairs) direct.set(p.kindId, [...(direct.get(p.kindId) ?? []), p.coversId]);
  const out = new Map<number, Set<number>>();
  for (const start of direct.keys()) {
    const seen = new Set<number>([start]);
    const queue = [start];
    while (queue.length) {
      for (const next of direct.get(queue.pop() ?? 0) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    out.set(start, seen);
  }
  return out;
};

/** The day `months` calendar months after `day` (UTC days; the 31st becomes the month's last day). */
export const addMonths = (day: Date, months: number): Date => {
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(day.getUTCDate(), last)));
};

/** Whole months from `from` until `to` (0 when less than one; negative after expiry). */
export const monthsBetween = (from: Date, to: Date): number => {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return months;
};

const satisfies = (held: THeldDocument, documentId: number, coverage: TCoverage): boolean =>
  held.kindId === documentId || (coverage.get(held.kindId)?.has(documentId) ?? false);

/** The better of two copies: the one valid longer (never expiring is best); the own kind wins a tie. */
const better = (a: THeldDocument, b: THeldDocument, documentId: number): THeldDocument => {
  if (a.validUntil === null && b.validUntil === null) return a.kindId === documentId ? a : b;
  if (a.validUntil === null) return a;
  if (b.validUntil === null) return b;
  if (a.validUntil.getTime() === b.validUntil.getTime()) return a.kindId === documentId ? a : b;
  return a.validUntil > b.validUntil ? a : b;
};

/** Each requirement of the rank against the seafarer's documents, in the matrix's order. */
export const checkDocuments = (
  requirements: readonly TRequirement[],
  held: readonly THeldDocument[],
  coverage: TCoverage,
  joining: Date,
  end: Date | null,
): TDocumentCheckRow[] =>
  [...requirements]
    .sort((a, b) => a.groupOrder - b.groupOrder)
    .map((req) => {
      const answers = held.filter((h) => satisfies(h, req.documentId, coverage));
      const best = answers.reduce<THeldDocument | null>(
        (acc, h) => (acc ? better(acc, h, req.documentId) : h),
        null,
      );
      const until = best?.validUntil ?? null;
      const status = !best
        ? "missing"
        : until !== null && until < joining
          ? "expired"
          : until !== null && req.monthsRequired > 0 && until < addMonths(joining, req.monthsRequired)
            ? "expiring"
            : "valid";
      return {
        document_id: req.documentId,
        document: req.title,
        stcw_reference: req.stcwReference,
        group_name: req.groupName,
        required: req.required,
        months_required: req.monthsRequired,
        status,
        held_as: best ? best.title : null,
        valid_until: until ? isoDay(until) : null,
        months_left: until && best ? monthsBetween(joining, until) : null,
        covers_tour: !best ? (end ? false : null) : end === null ? null : until === null || until >= end,
      };
    });

/** Every required document valid (with its months) on joining and to the end of the tour. */
export const isCompliant = (rows: readonly TDocumentCheckRow[]): boolean =>
  rows.every((r) => !r.required || (r.status === "valid" && r.covers_tour !== false));
