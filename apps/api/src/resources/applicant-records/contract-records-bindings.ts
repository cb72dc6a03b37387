import { can, seaServiceVerifications, applicantPerformances } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { requireAccess } from "../../kernel/access.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { contractRecordsRepository, type TContractRecordsRepository } from "./contract-records-repository.js";
import { applicantRecordsScope } from "./records-scope.js";

/** The applicant of the record's contract: kept on the row for the audit trail and the derived columns. */
const applicantOf = async (
  repo: TContractRecordsRepository,
  expirienceId: number | undefined,
): Promise<number | undefined> => {
  if (expirienceId === undefined) return undefined;
  const userId = await repo.applicantOfService(expirienceId);
  if (userId === null)
    throw AppError.invalid([{ field: "expirience", message: "must exist", location: "relationships" }]);
  return userId;
};

/** Verifications of a sea-service record (experienceVerification): who checked it with whom, and what came out. */
export const verificationsBinding: TResourceEntry = bindResource(
  seaServiceVerifications,
  "ExperienceVerification",
  contractRecordsRepository,
)({
  scope: applicantRecordsScope,
  async toData(_input, defaults, ctx) {
    const data: typeof defaults = {};
    if (ctx.mode === "create") data.authorId = ctx.actor.id;
    const userId = await applicantOf(ctx.repo, defaults.expirienceId);
    if (userId !== undefined) data.userId = userId;
    return data;
  },
});

/** Appraisals are under experienceAppraisal as well (spec 001 §6: partners are denied them). */
const appraisalsHidden = (actor: TActor): boolean => !can(actor.permissions, "experienceAppraisal", "read");

/**
 * Performance records of a contract (userPerformance): a promotion names the new rank and moves
 * the applicant's promotions_count and promotions_roles, a warning or a not-for-rehire mark its
 * has_warnings (by trigger, docs/records.md "Performance"); appraisals need experienceAppraisal.
 */
export const performancesBinding: TResourceEntry = bindResource(
  applicantPerformances,
  "UserPerformance",
  contractRecordsRepository,
)({
  scope: (actor) => ({
    AND: [applicantRecordsScope(actor), appraisalsHidden(actor) ? { docType: { not: "appraisal" } } : {}],
  }),
  async toData(_input, defaults, ctx) {
    const data: typeof defaults = {};
    if (ctx.mode === "create") data.authorId = ctx.actor.id;
    const userId = await applicantOf(ctx.repo, defaults.expirienceId);
    if (userId !== undefined) data.userId = userId;
    const { docType, roleId } = ctx.next;
    if (docType === "appraisal" || ctx.before?.docType === "appraisal")
      requireAccess(ctx.actor, "experienceAppraisal", ctx.mode);
    if (docType === "promotion" && !roleId)
      throw AppError.invalid([
        {
          field: "role",
          message: "can't be blank: name the rank of the promotion",
          location: "relationships",
        },
      ]);
    return data;
  },
  async beforeDelete(row, ctx) {
    if (row.docType === "appraisal") requireAccess(ctx.actor, "experienceAppraisal", "delete");
  },
});
