import { crewChanges, crewLists, formatDay, signOffReasons, timePlans } from "@crew/contracts";
import { ActionIcon, Badge, Select, Table, Text, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { getList, queryKeys, remove, update } from "../../api";
import { isApiError } from "../../api/api-error";
import { recordOf } from "../../api/record-types";
import { notifyError } from "../../notices";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";
import { PLANNER_MESSAGES } from "../planner/planner-messages";
import type { TCrewListRecord, TCrewPlanRecord } from "./use-crew-change";

interface TProps {
  rows: readonly TCrewListRecord[];
  timeplansById: ReadonlyMap<string, TCrewPlanRecord>;
  /** display: read, set reasons, remove rows; select: the list being picked on the scheduler. */
  mode: "display" | "select";
}

/** Who signs off: name and the plan's dates. */
const Side = ({ name, plan }: { name: string | null | undefined; plan: TCrewPlanRecord | undefined }) =>
  name ? (
    <div>
      <Text size="sm">{name}</Text>
      {plan && (
        <Text size="xs" c="dimmed">
          {formatDay(plan.attributes.start)} – {formatDay(plan.attributes.end)}
        </Text>
      )}
    </div>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );

/**
 * A crew change's crew list (spec 002 §3 Crew list entry): a row per manning-scale row, the
 * seafarer relieved beside the relief, in the order of the scale, with pairing classes (on with
 * off, on without off, off without on). In display mode the reason of a sign-off is set here
 * ('[End of contract] updated successfully') and a row can be removed.
 */
export const CrewListTable = ({ rows, timeplansById, mode }: TProps) => {
  const { can } = useSession();
  const editable = mode === "display" && can(crewLists.permission, "update");
  const reasons = useQuery({
    queryKey: [...queryKeys.lists(signOffReasons), { all: true }],
    queryFn: ({ signal }) => getList(signOffReasons.type, { perPage: 999, sort: "title" }, signal),
    enabled: editable,
    staleTime: 5 * 60_000,
  });
  const reasonOptions = (reasons.data?.data ?? []).map((r) => ({
    value: r.id,
    label: recordOf(signOffReasons, r).attributes.title,
  }));
  const reasonSetting = useResourceMutation<{ row: TCrewListRecord; reasonId: string | null }>({
    mutationFn: ({ row, reasonId }) =>
      update(crewLists.type, row.id, { reason_id: reasonId === null ? null : Number(reasonId) }),
    notice: (_, { reasonId }) => {
      const label = reasonOptions.find((o) => o.value === reasonId)?.label;
      return label ? `[${label}] updated successfully` : PLANNER_MESSAGES.crewListUpdated;
    },
    invalidates: [crewChanges],
    // A refused change reloads too: the select shows the reason the server kept.
    reloadOnFailure: true,
    refusal: (error) => {
      const first = isApiError(error) && error.status === 422 ? error.apiErrors[0] : undefined;
      if (first) notifyError(first.title, "The reason was not changed");
      return first !== undefined;
    },
  });
  const setReason = (row: TCrewListRecord, reasonId: string | null) =>
    reasonSetting.mutateAsync({ row, reasonId }).catch(() => undefined);

  const removing = useResourceMutation<TCrewListRecord>({
    mutationFn: (row) => remove(crewLists.type, row.id),
    notice: PLANNER_MESSAGES.crewListUpdated,
    invalidates: [crewChanges, timePlans],
    reloadOnFailure: true,
  });
  const removeRow = (row: TCrewListRecord) => removing.mutateAsync(row).catch(() => undefined);

  if (!rows.length)
    return (
      <Text c="dimmed" size="sm" data-testid="crew-list-empty">
        Nobody in the crew list yet.
        {mode === "select"
          ? " Click the plans on the planner: a plan lying mostly after the crew change signs on, one lying mostly before it signs off."
          : ""}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder verticalSpacing={6} data-testid="crew-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rank</Table.Th>
            <Table.Th>Signs off</Table.Th>
            <Table.Th>Signs on</Table.Th>
            <Table.Th>Reason of signing off</Table.Th>
            {editable && can(crewLists.permission, "delete") && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const a = row.attributes;
            const pairing =
              a.sign_on_id && a.sign_off_id
                ? "on with off"
                : a.sign_on_id
                  ? "on without off"
                  : "off without on";
            return (
              <Table.Tr key={row.id} className={`crew-list-row crew-list-row--${pairing.replace(/ /g, "-")}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {a.role ?? ""}
                  </Text>
                  <Badge size="xs" variant="light" color={pairing === "on with off" ? "teal" : "gray"}>
                    {pairing}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Side
                    name={a.sign_off_user_name}
                    plan={a.sign_off_id ? timeplansById.get(String(a.sign_off_id)) : undefined}
                  />
                </Table.Td>
                <Table.Td>
                  <Side
                    name={a.sign_on_user_name}
                    plan={a.sign_on_id ? timeplansById.get(String(a.sign_on_id)) : undefined}
                  />
                </Table.Td>
                <Table.Td>
                  {editable && a.sign_off_id ? (
                    <Select
                      size="xs"
                      data={reasonOptions}
                      value={a.reason_id ? String(a.reason_id) : null}
                      placeholder="Choose"
                      clearable
                      onChange={(v) => void setReason(row, v)}
                      aria-label={`Reason for ${a.sign_off_user_name ?? "the seafarer"}`}
                    />
                  ) : (
                    <Text size="sm">{a.reason_title ?? ""}</Text>
                  )}
                </Table.Td>
                {editable && can(crewLists.permission, "delete") && (
                  <Table.Td>
                    <Tooltip label="Remove from the crew list">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => void removeRow(row)}
                        aria-label="Remove from the crew list"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
