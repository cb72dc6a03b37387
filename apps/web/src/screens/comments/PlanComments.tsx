import { RecordComments } from "./RecordComments";

/**
 * A plan's comments in its editor (spec 002 §3, §4): newest first, and a box to add one. The
 * newest comment becomes the plan's label text on the scheduler: the server writes it with the
 * comment and tells every open planner over the live stream.
 */
export const PlanComments = ({ planId }: { planId: string }) => (
  <RecordComments
    of={{ type: "time_plans", id: planId }}
    emptyText="No comments on this plan yet."
    invalidates={["time_plans"]}
    testId="plan-comments"
    addTestId="plan-comment-add"
  />
);
