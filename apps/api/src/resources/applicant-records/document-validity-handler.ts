import { formatDay } from "@crew/contracts";
import { handleJob } from "../../jobs/define-job.js";
import { documentValidityJob } from "./document-validity-job.js";
import { documentValidityRepository, type TMovedDocument } from "./document-validity-repository.js";

/** A move worth a notice: into a narrower line (90 → 60 → 30 → expired), of a document not superseded by a newer one. */
const narrower = (d: TMovedDocument): boolean =>
  d.newLine !== null &&
  (d.oldLine === null || d.newLine < d.oldLine) &&
  !d.superseded &&
  d.recruiterId !== null;

const noticeOf = (d: TMovedDocument) => ({
  recipientId: d.recruiterId ?? 0,
  primaryText:
    d.newLine === 0
      ? `Document expired: ${d.kind} ${d.number} of ${d.surname.toUpperCase()} ${d.name}`
      : `Document expiring: ${d.kind} ${d.number} of ${d.surname.toUpperCase()} ${d.name}`,
  secondaryText:
    d.newLine === 0
      ? `Valid until ${formatDay(d.validUntil)}.`
      : `Valid until ${formatDay(d.validUntil)}: within ${d.newLine} days.`,
  itemLink: `/users/${d.userId}/documents`,
});

/**
 * docs/records.md "Validity": stores the configured warning lines
 * (DOCUMENT_EXPIRY_WARNING_DAYS), moves applicants' documents across them as days pass (the
 * applicants' valid_state and valid_states follow by trigger) and tells each applicant's
 * recruiter (the staff member who created the applicant) of a document that entered a narrower
 * line or expired. Safe to run twice: a second run finds nothing to move.
 */
export const documentValidityHandler = handleJob(documentValidityJob, async (_payload, ctx) => {
  // The move and its notices in one transaction: a failed run leaves the documents where they were, to be moved (and told) again.
  const { moved, notices } = await ctx.write(null, async (tx) => {
    const repo = documentValidityRepository(tx);
    const linesChanged = await repo.applyLines(ctx.config.DOCUMENT_EXPIRY_WARNING_DAYS);
    const documents = await repo.moveOn(linesChanged);
    const told = documents.filter(narrower).map(noticeOf);
    await repo.notify(told);
    return { moved: documents, notices: told };
  });
  ctx.logger.info(
    { moved: moved.length, notified: notices.length },
    "documents placed by their warning lines",
  );
});
