import { can } from "@crew/contracts";
import type { TActor } from "../../http/context.js";

/** Whether the reader sees applicants' records at all: only a reader of applicants does. */
export const readsApplicantRecords = (actor: TActor): boolean => can(actor.permissions, "users", "read");

/**
 * The records of an applicant are theirs: whoever may not read applicants (partners) reads none
 * of them, whatever the records' own keys say (the base map gives every role the sub-lists).
 * Applicants have no scope of their own, so reading them is the whole rule.
 */
export const applicantRecordsScope = (actor: TActor): { id?: { in: number[] } } =>
  readsApplicantRecords(actor) ? {} : { id: { in: [] } };
