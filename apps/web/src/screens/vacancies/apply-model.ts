import { VACANCY_APPLY_STATUS_LABELS, type TVacancyApplyStatus } from "@crew/contracts";

/** An application as the vacancy screen reads it (GET /api/vacancies/{id}/vacancy_applies). */
export interface TApplyAttributes {
  candidate_name: string;
  vacancy_title: string;
  status: TVacancyApplyStatus;
  source: string;
  change_comments: readonly TChangeComment[];
  created_at: string;
}

export interface TChangeComment {
  author?: string | null;
  body: string;
  apply_status: string;
  date: string;
}

export const APPLY_STATUS_COLOR: Record<TVacancyApplyStatus, string> = {
  processing: "gray",
  proposed: "blue",
  approved: "teal",
  rejected: "red",
  withdrawn: "dark",
  signed_on: "green",
};

/** The verb on a status button ("Propose to the owner"), not the state it leads to. */
export const MOVE_VERB: Record<TVacancyApplyStatus, string> = {
  processing: "Back to processing",
  proposed: "Propose to the owner",
  approved: "Owner approved",
  rejected: "Rejected",
  withdrawn: "Withdraw",
  signed_on: "Signed on",
};

/**
 * What a move does besides the status, said in the confirmation before it is sent (a screen
 * never changes what the user did not spell out): approval plans the seafarer, a withdrawal
 * after approval takes him off the plan again.
 */
export const moveEffect = (
  from: TVacancyApplyStatus,
  to: TVacancyApplyStatus,
  candidate: string,
  vacancy: string,
): string => {
  const base = `${candidate} on ${vacancy}: ${VACANCY_APPLY_STATUS_LABELS[from]} → ${VACANCY_APPLY_STATUS_LABELS[to]}.`;
  if (to === "approved")
    return `${base} ${candidate} is put on the vacancy's plan on the scheduler (status Approved) and the vacancy is taken off its public page (the seat is filled); the move is refused if he is planned elsewhere then.`;
  if (to === "withdrawn" && from === "approved")
    return `${base} ${candidate} is taken off the vacancy's plan, which becomes a vacancy again (not published: publish it again from the vacancy or the plan).`;
  if (to === "rejected" || to === "withdrawn" || to === "signed_on")
    return `${base} This ends the application: its status cannot change afterwards.`;
  return base;
};

/** "27.11.2026 14:05". */
export const whenOf = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleDateString("en-GB").replace(/\//g, ".")} ${d.toTimeString().slice(0, 5)}`;
};
