import {
  isoDay,
  utcToday,
  type TDocumentCheckAttributes,
  type TResourceObject,
  type ZCheckDocumentMatrixQuery,
} from "@crew/contracts";
import type { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import type { TKernelServices } from "../../kernel/kernel-deps.js";
import { checkDocuments, isCompliant, type TMatrixRules } from "./document-check.js";
import type { TDocumentCheckRepository } from "./document-check-repository.js";

export type TCheckQuery = z.output<typeof ZCheckDocumentMatrixQuery>;

/** One line of the report: a seafarer (on one plan, when the check is of a vessel's plans). */
export interface TCheckLine {
  id: string;
  attributes: TDocumentCheckAttributes;
}

const day = (s: string | undefined): Date | null => (s ? new Date(`${s}T00:00:00Z`) : null);

/** The matrix to check against: given (readable), the current one of a given owner, or none yet. */
const chosenMatrix = async (
  repo: TDocumentCheckRepository,
  kernel: TKernelServices,
  actor: TActor,
  query: TCheckQuery,
): Promise<TMatrixRules | null> => {
  const matrices = kernel.serviceOf("owner_groups");
  if (query.owner_group_id !== undefined) {
    await matrices.requireReadable(actor, query.owner_group_id);
    return repo.matrixById(query.owner_group_id);
  }
  if (query.owner_id === undefined) return null;
  const current = (await repo.currentMatrices([query.owner_id])).get(query.owner_id);
  if (!current) throw AppError.invalid([{ field: "owner_id", message: "has no current document matrix" }]);
  await matrices.requireReadable(actor, current.id);
  return current;
};

/**
 * GET /api/users/check_document_matrix (spec 001 §7; docs/owners-terms.md "Compliance check"):
 * per seafarer and document of the matrix's row for their rank, valid / expiring / expired /
 * missing on the joining day with the months asked, and whether it lasts the whole tour. The
 * seafarers are the given applicants (their applied-for rank, joining on `joining_date` or
 * today) or those of a vessel's running and coming plans (the plan's rank, start and end).
 */
export const checkDocumentMatrix = async (
  repo: TDocumentCheckRepository,
  kernel: TKernelServices,
  actor: TActor,
  query: TCheckQuery,
  today = utcToday(),
): Promise<TCheckLine[]> => {
  const given = await chosenMatrix(repo, kernel, actor, query);
  const joiningGiven = day(query.joining_date);
  type TSubject = {
    userId: number;
    planId: number | null;
    rankId: number | null;
    rank: string | null;
    vessel: string | null;
    matrix: TMatrixRules | null;
    joining: Date;
    end: Date | null;
  };
  let subjects: TSubject[];
  if (query.vessel_id !== undefined) {
    const vesselId = query.vessel_id;
    // The vessel's plans, its owner's matrix and the access checks at once (a handful of round trips in all).
    const [, plans, ownMatrix] = await Promise.all([
      kernel.serviceOf("vessels").find(actor, vesselId),
      repo.vesselPlans(vesselId, today),
      given
        ? Promise.resolve(given)
        : repo.ownerOfVessel(vesselId).then(async (owner) => {
            const found = owner
              ? ((await repo.currentMatrices([owner.ownerId])).get(owner.ownerId) ?? null)
              : null;
            if (found) await kernel.serviceOf("owner_groups").findInScope(actor, found.id);
            return found;
          }),
    ]);
    const rows = new Map((await repo.rows(plans.map((p) => p.manningScaleId))).map((r) => [r.id, r]));
    const matrix = ownMatrix;
    subjects = plans.flatMap((p) => {
      const row = rows.get(p.manningScaleId);
      if (p.userId === null || !row) return [];
      return [
        {
          userId: p.userId,
          planId: p.id,
          rankId: row.rankId,
          rank: row.rank.title,
          vessel: row.vessel?.name ?? null,
          matrix,
          joining: joiningGiven ?? p.start,
          end: p.end,
        },
      ];
    });
  } else {
    const ids = [...new Set(query.user_ids ?? [])];
    if (!given)
      throw AppError.invalid([
        { field: "owner_id", message: "give owner_id or owner_group_id with user_ids" },
      ]);
    const users = kernel.serviceOf("users");
    users.access(actor, "read");
    const readable = await users.readableIds(actor, ids);
    const hidden = ids.find((id) => !readable.has(id));
    if (hidden !== undefined) throw AppError.notFound(`Applicant ${hidden} not found.`);
    subjects = ids.map((userId) => ({
      userId,
      planId: null,
      rankId: null,
      rank: null,
      vessel: null,
      matrix: given,
      joining: joiningGiven ?? today,
      end: day(query.end_date),
    }));
  }
  const userIds = subjects.map((s) => s.userId);
  const [people, held, coverage] = await Promise.all([
    repo.applicants(userIds),
    repo.heldDocuments(userIds),
    repo.coverage(),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  return subjects.map((s) => {
    const who = person.get(s.userId);
    const rankId = s.rankId ?? who?.roleId ?? null;
    const inMatrix = rankId !== null && (s.matrix?.roles.has(rankId) ?? false);
    const documents =
      inMatrix && s.matrix && rankId !== null
        ? checkDocuments(
            s.matrix.byRole.get(rankId) ?? [],
            held.get(s.userId) ?? [],
            coverage,
            s.joining,
            s.end,
          )
        : [];
    return {
      id: s.planId === null ? String(s.userId) : `${s.userId}-${s.planId}`,
      attributes: {
        user_id: s.userId,
        time_plan_id: s.planId,
        name: who ? `${who.surname} ${who.name}`.trim() : "",
        rank: s.rank ?? who?.role?.title ?? null,
        vessel: s.vessel,
        owner_group_id: s.matrix?.id ?? null,
        matrix: s.matrix?.title ?? null,
        rank_in_matrix: inMatrix,
        joining_date: isoDay(s.joining),
        end_date: s.end ? isoDay(s.end) : null,
        compliant: isCompliant(documents),
        documents,
      },
    };
  });
};

/** The report as JSON:API resource objects. */
export const asCheckResources = (lines: readonly TCheckLine[]): TResourceObject<TCheckLine["attributes"]>[] =>
  lines.map((l) => ({ type: "document_matrix_checks", id: l.id, attributes: l.attributes }));
