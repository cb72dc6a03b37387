import { formatDay, isoDay, type TVacancyMatch } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import {
  addMonths,
  checkDocuments,
  isCompliant,
  type TCoverage,
  type THeldDocument,
} from "../document-matrix/document-check.js";
import type { TVacanciesRepository } from "./vacancies-repository.js";

/** How many candidates the query ranks before the document check picks the best of them. */
const SHORTLIST = 300;

/**
 * Candidate matching of a vacancy (issue 18 §1; docs/vacancies.md "Candidate matching"): the
 * query finds who holds the rank (or was promoted to it), is ready by the joining date and is
 * planned nowhere then, sea service on the vessel's type and engine first; the owner's current
 * document matrix is then checked for the shortlist (required documents valid at joining, with
 * their months); those who hold every one come first. Each match names its reasons.
 */
export const matchCandidates = async (
  repo: TVacanciesRepository,
  vacancyId: number,
  limit: number,
): Promise<{ data: TVacancyMatch[]; meta: { considered: number; took_ms: number } }> => {
  const began = performance.now();
  const v = await repo.vacancy(vacancyId);
  if (!v) throw AppError.notFound("Vacancy not found");
  const end = v.timePlan?.end ?? addMonths(v.start, v.contractDuration ?? 6);
  const rows = await repo.candidates({
    rankId: v.rankId,
    rankTitle: v.rank.title,
    start: v.start,
    end,
    vesselTypeId: v.vessel.vesselTypeId,
    engineTypeId: v.vessel.mainEngine?.engineTypeId ?? null,
    vacancyId,
    limit: SHORTLIST,
  });
  const ownerId = v.vessel.ownerVessel?.ownerId;
  const matrix =
    ownerId === undefined ? undefined : (await repo.documents.currentMatrices([ownerId])).get(ownerId);
  const requirements = matrix?.byRole.get(v.rankId) ?? [];
  const [held, coverage]: [Map<number, THeldDocument[]>, TCoverage] = requirements.length
    ? await Promise.all([repo.documents.heldDocuments(rows.map((r) => r.id)), repo.documents.coverage()])
    : [new Map(), new Map()];
  const typeTitle = v.vessel.vesselType?.title ?? null;

  const matches = rows.map((r, index) => {
    const check = requirements.length
      ? checkDocuments(requirements, held.get(r.id) ?? [], coverage, v.start, end)
      : [];
    const documentsOk = isCompliant(check);
    const missing = check.filter((c) => c.required && (c.status !== "valid" || c.covers_tour === false));
    const reasons = [
      { ok: true, text: r.holds ? `Holds the rank ${v.rank.title}` : `Promoted to ${v.rank.title}` },
      {
        ok: true,
        text: r.readiness_date ? `Ready from ${formatDay(r.readiness_date)}` : "Ready",
      },
      { ok: true, text: `Not planned from ${formatDay(v.start)} to ${formatDay(end)}` },
      ...(typeTitle
        ? [
            {
              ok: r.on_type,
              text: r.on_type ? `Sea service on ${typeTitle}` : `No sea service on ${typeTitle}`,
            },
          ]
        : []),
      ...(r.on_engine ? [{ ok: true, text: "Sea service with the vessel's engine type" }] : []),
      ...(matrix
        ? [
            documentsOk
              ? { ok: true, text: `Holds every document of ${matrix.title}` }
              : {
                  ok: false,
                  text: `Documents: ${missing
                    .slice(0, 4)
                    .map(
                      (m) => `${m.document} ${m.status === "valid" ? "does not cover the tour" : m.status}`,
                    )
                    .join(", ")}${missing.length > 4 ? ` and ${missing.length - 4} more` : ""}`,
                },
          ]
        : [{ ok: true, text: "The owner has no document matrix" }]),
    ];
    // Order: the documents, then the query's order (type, engine, rank held, readiness).
    const score =
      (documentsOk ? 1000 : 0) + (r.on_type ? 100 : 0) + (r.on_engine ? 10 : 0) + (r.holds ? 1 : 0);
    return {
      index,
      match: {
        type: "vacancy_matches" as const,
        id: String(r.id),
        attributes: {
          user_id: r.id,
          name: [r.surname, r.name].filter(Boolean).join(" "),
          rank: r.rank_title,
          readiness_date: r.readiness_date ? isoDay(r.readiness_date) : null,
          score,
          documents_ok: documentsOk,
          applied: r.applied,
          reasons,
        },
      },
    };
  });
  matches.sort((a, b) => b.match.attributes.score - a.match.attributes.score || a.index - b.index);
  return {
    data: matches.slice(0, limit).map((m) => m.match),
    meta: { considered: rows.length, took_ms: Math.round(performance.now() - began) },
  };
};
