import { assignVessels, vessels } from "@crew/contracts";
import { Avatar, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { create, getList, queryKeys, remove, type TListParams } from "../../api";
import { indexIncluded } from "../../resources/data/resource-client";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { relatedTitle } from "../../resources/list/columns";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { initialsOf } from "../../lib/people";
import { useSession } from "../../session/use-session";
import { UnassignButton } from "./UnassignButton";
import { FLEET_NOTICES } from "./vessel-messages";

/**
 * The crew users recruiting for a vessel (assign_vessels filtered by vessel, with each client,
 * page size 999): assign one, unassign one. Assigning twice is the server's 422.
 */
export const RecruitersTab = ({ vesselId }: { vesselId: string }) => {
  const { can } = useSession();
  const [clientId, setClientId] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const params: TListParams = {
    page: 1,
    perPage: 999,
    sort: "created_at",
    filter: { vessel_id: vesselId },
    include: ["client"],
  };
  const list = useQuery({
    queryKey: queryKeys.list("assign_vessels", params),
    queryFn: async ({ signal }) => {
      const page = await getList("assign_vessels", params, signal);
      return { data: page.data, included: indexIncluded(page.included) };
    },
  });
  const mayWrite = can("vessels.assignedUsers", "create");
  const invalidates = [assignVessels, vessels];
  const assignment = useResourceMutation<string>({
    mutationFn: (client) =>
      create(
        "assign_vessels",
        {},
        { client: { type: "clients", id: client }, vessel: { type: "vessels", id: vesselId } },
      ),
    invalidates,
    notice: FLEET_NOTICES.userAssigned(label),
    onSuccess: () => setClientId(null),
  });
  const unassignment = useResourceMutation<string>({
    mutationFn: (assignmentId) => remove("assign_vessels", assignmentId),
    invalidates,
    notice: FLEET_NOTICES.userUnassigned,
  });

  const assign = () => {
    if (clientId) assignment.mutate(clientId);
  };

  const rows = list.data?.data ?? [];
  return (
    <Paper withBorder shadow="xs" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" fw={650}>
            Recruiters
          </Title>
          <Text size="sm" c="dimmed">
            {rows.length}
          </Text>
        </Group>
        {mayWrite ? (
          <Group align="flex-end" gap="sm">
            <RelationshipSelect
              label="Crew user"
              type="clients"
              value={clientId}
              placeholder="Choose a crew user"
              onChange={setClientId}
              onChangeOption={(o) => setLabel(o?.label ?? "")}
              w={280}
            />
            <Button leftSection={<IconUserPlus size={16} />} onClick={assign} disabled={!clientId}>
              Assign
            </Button>
          </Group>
        ) : null}
        {rows.length === 0 && !list.isLoading ? (
          <Text c="dimmed" size="sm">
            Nobody recruits for this vessel yet.
          </Text>
        ) : null}
        {rows.map((row) => {
          const name = relatedTitle(row, "client", list.data?.included ?? new Map());
          const client = row.relationships?.client?.data;
          const clientHref =
            client && !Array.isArray(client) ? `/crew-users/${client.id}/details` : undefined;
          return (
            <Group key={row.id} justify="space-between" wrap="nowrap" data-testid="recruiter-row">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar size={28} radius="xl" color="blue">
                  {initialsOf(name)}
                </Avatar>
                {clientHref ? (
                  <Text component={Link} to={clientHref} size="sm" fw={500} truncate>
                    {name}
                  </Text>
                ) : (
                  <Text size="sm">{name}</Text>
                )}
              </Group>
              {can("vessels.assignedUsers", "delete") ? (
                <UnassignButton
                  name={name}
                  icon={<IconUserMinus size={16} />}
                  onClick={() => unassignment.mutate(row.id)}
                />
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
};
