import { formatDate, type TMatrixDocumentsMark } from "@crew/contracts";

const PROBLEM: Readonly<Record<string, string>> = {
  missing: "Missing",
  expired: "Expired",
  expiring: "Too little validity",
};

/**
 * What the applicants list's documents dot says for a planned seafarer checked against the
 * owner's document matrix (issue 17 §2; docs/owners-terms.md "The applicants list"): its label
 * and the tooltip's lines, the plan first, then each required document that falls short.
 */
export const matrixMarkText = (mark: TMatrixDocumentsMark): { label: string; lines: string[] } => {
  const where = mark.vessel ? `${mark.rank} on ${mark.vessel}` : mark.rank;
  const head = `${mark.matrix}: ${where}, ${formatDate(mark.joining_date)} – ${formatDate(mark.end_date)}`;
  const lines = mark.problems.map((p) => {
    const until = p.valid_until ? ` (valid until ${formatDate(p.valid_until)})` : "";
    if (p.status === "valid") return `Expires during the tour: ${p.document}${until}`;
    return `${PROBLEM[p.status] ?? p.status}: ${p.document}${p.status === "missing" ? "" : until}`;
  });
  const verdict =
    mark.state === "valid"
      ? "every required document valid for the tour"
      : mark.state === "missing"
        ? "a required document is missing"
        : mark.state === "expired"
          ? "a required document has expired"
          : "a required document runs short";
  return {
    label: `Documents for the planned rank: ${verdict}`,
    lines: [head, ...(lines.length ? lines : ["Every required document valid for the whole tour"])],
  };
};
