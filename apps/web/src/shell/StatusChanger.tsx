import { SegmentedControl, Stack, Text } from "@mantine/core";
import { crewUsers, type TCrewUserStatus, type TCurrentUser } from "@crew/contracts";
import { runAction } from "../api/run-action";
import { useResourceMutation } from "../resources/data/use-resource-mutation";
import { updateCurrentUser } from "../session/session-actions";

/** The navigation-bar variant (spec 2.5): active or away only; a deactivated user cannot pick. */
export const NAV_STATUS_OPTIONS: readonly {
  value: Exclude<TCrewUserStatus, "deactivated">;
  label: string;
}[] = [
  { value: "active", label: "Active" },
  { value: "away", label: "Away" },
];

export const changeStatus = async (clientId: number, status: TCrewUserStatus): Promise<void> => {
  await runAction(crewUsers, "status", { id: clientId, input: { status } });
};

export const StatusChanger = ({ user }: { user: TCurrentUser }) => {
  const deactivated = user.status === "deactivated";
  const mutation = useResourceMutation<TCrewUserStatus>({
    mutationFn: (status) => changeStatus(user.clientId, status),
    notice: "Status updated successfully",
    // The crew-users list shows statuses too.
    invalidates: [crewUsers.type],
    onSuccess: (_answer, status) => updateCurrentUser({ status }),
  });

  return (
    <Stack gap={6} px="sm" py={6}>
      <Text size="xs" c="dimmed" fw={500}>
        My status
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        data={NAV_STATUS_OPTIONS.map((o) => ({ ...o }))}
        value={deactivated ? "" : user.status}
        disabled={deactivated || mutation.isPending}
        onChange={(value) => {
          const option = NAV_STATUS_OPTIONS.find((o) => o.value === value);
          if (option && option.value !== user.status) mutation.mutate(option.value);
        }}
        color={user.status === "away" ? "orange" : "teal"}
        aria-label="My status"
      />
      {deactivated ? (
        <Text size="xs" c="red.7">
          Your account is deactivated.
        </Text>
      ) : null}
    </Stack>
  );
};
