import { Button, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { useSession } from "../../session/use-session";
import { SeafarerSearch, type TSeafarer } from "./SeafarerSearch";
import type { TPlanRecord } from "./use-planner-data";
import { ApplicantProfileCard } from "./ApplicantProfileCard";

interface TProps {
  /** The one plan selected on the scheduler, if any. */
  plan: TPlanRecord | undefined;
  /** The seafarer the next plan is made for (select-new-user mode). */
  seafarer: TSeafarer | null;
  onSeafarer: (seafarer: TSeafarer | null) => void;
  height: number;
}

/**
 * The scheduler's user section (spec 002 §2, toggled by `open`): the profile of the seafarer of
 * the selected plan (timeplans.userProfile), and the select-new-user mode: an applicant picked
 * here is the seafarer of the next plan made by selecting a range on a row.
 */
export const ApplicantSection = ({ plan, seafarer, onSeafarer, height }: TProps) => {
  const { can } = useSession();
  return (
    <Paper withBorder radius="md" p="sm" w={300} style={{ flex: "none" }} data-testid="user-section">
      <ScrollArea h={height - 24} type="auto">
        <Stack gap="sm">
          {can("users", "read") && can("timeplans", "create") && (
            <Stack gap={4}>
              <SeafarerSearch label="Plan a seafarer" value={seafarer} onChange={onSeafarer} />
              <Text size="xs" c="dimmed">
                {seafarer
                  ? `Ctrl+drag on a row: the new plan is ${seafarer.name}'s.`
                  : "Pick an applicant, then Ctrl+drag on a row to plan them."}
              </Text>
              {seafarer && (
                <Button size="compact-xs" variant="subtle" onClick={() => onSeafarer(null)}>
                  Stop planning {seafarer.name}
                </Button>
              )}
            </Stack>
          )}
          {plan?.attributes.user_id && can("timeplans.userProfile", "read") ? (
            <ApplicantProfileCard planId={plan.id} />
          ) : (
            <Text size="sm" c="dimmed">
              {plan
                ? plan.attributes.user_id
                  ? (plan.attributes.user_name ?? "")
                  : "A vacancy: nobody planned yet."
                : "Select a plan to see its seafarer."}
            </Text>
          )}
        </Stack>
      </ScrollArea>
    </Paper>
  );
};
