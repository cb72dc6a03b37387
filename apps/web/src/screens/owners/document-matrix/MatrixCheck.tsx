import {
  formatDay,
  ownerGroups,
  parseDay,
  vessels,
  type TDocumentCheckAttributes,
  type TListDocument,
} from "@crew/contracts";
import { Badge, Button, Group, Paper, Select, Table, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { IconDownload, IconListCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiPaths, get, recordOf, runAction, saveFile } from "../../../api";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";

const COLOR = { valid: "green", expiring: "orange", expired: "red", missing: "red" } as const;

type TLine = { id: string; attributes: TDocumentCheckAttributes };

const linesOf = (body: unknown): TLine[] => {
  const data = typeof body === "object" && body !== null ? (body as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? (data as TLine[]) : [];
};

/**
 * The compliance check (GET users/check_document_matrix) of one of the owner's vessels against
 * the matrix on screen: each seafarer of its running and coming plans, each document of their
 * rank's row, as badges; the same as an xlsx download.
 */
export const MatrixCheck = ({ ownerId, matrixId }: { ownerId: string; matrixId: string }) => {
  const [vesselId, setVesselId] = useState<string | null>(null);
  const [joining, setJoining] = useState("");
  const parent = vessels.parents.find((p) => p.type === "owners");
  const fleet = useQuery({
    queryKey: ["vessels", "list", { parentType: "owners", parentId: ownerId, fields: "name,imo" }],
    enabled: parent !== undefined,
    queryFn: ({ signal }) =>
      parent
        ? get<TListDocument>(
            apiPaths.nested(vessels, parent, ownerId),
            { page: { size: 999 }, sort: "name", fields: { vessels: "name,imo" } },
            { signal },
          )
        : null,
  });
  // dd.mm.yyyy as everywhere in the app; empty: each plan's start.
  const joiningDay = joining.trim() ? parseDay(joining) : null;
  const joiningBad = joining.trim() !== "" && joiningDay === null;
  const input = () => ({
    vessel_id: Number(vesselId),
    owner_group_id: Number(matrixId),
    ...(joiningDay ? { joining_date: joiningDay } : {}),
  });
  const check = useResourceMutation({
    mutationFn: () => runAction(ownerGroups, "check_document_matrix", { input: input() }),
  });
  const download = useResourceMutation({
    mutationFn: () =>
      runAction(ownerGroups, "check_document_matrix", { input: { ...input(), format: "xlsx" } }),
    onSuccess: (answer) => {
      if (answer.kind === "file") saveFile(answer.file);
    },
  });
  const lines = check.data?.kind === "json" ? linesOf(check.data.body) : null;
  return (
    <Paper withBorder shadow="xs" p="md">
      <Title order={3} fz="md" fw={650} mb="sm">
        Compliance check
      </Title>
      <Group align="end" gap="sm" mb="sm">
        <Select
          label="Vessel"
          w={260}
          searchable
          data={(fleet.data?.data ?? []).map((v) => ({
            value: v.id,
            label: recordOf(vessels, v).attributes.name,
          }))}
          value={vesselId}
          onChange={setVesselId}
          nothingFoundMessage="The owner has no vessels"
        />
        <TextInput
          label="Joining day"
          placeholder="each plan's start"
          description="dd.mm.yyyy"
          w={200}
          value={joining}
          error={joiningBad ? "is not a day" : undefined}
          onChange={(e) => setJoining(e.currentTarget.value)}
        />
        <Button
          leftSection={<IconListCheck size={16} />}
          disabled={!vesselId || joiningBad}
          loading={check.isPending}
          onClick={() => check.mutate()}
        >
          Check crew
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!vesselId || joiningBad}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          xlsx
        </Button>
      </Group>
      {lines && !lines.length ? (
        <Text c="dimmed" size="sm">
          Nobody is planned on this vessel from today on.
        </Text>
      ) : null}
      {lines?.length ? (
        <Table fz="sm" aria-label="Compliance check" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Seafarer</Table.Th>
              <Table.Th>Rank</Table.Th>
              <Table.Th>Tour</Table.Th>
              <Table.Th>Documents</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" color={l.attributes.compliant ? "green" : "red"} variant="filled" circle>
                      {l.attributes.compliant ? "✓" : "!"}
                    </Badge>
                    {l.attributes.name}
                  </Group>
                </Table.Td>
                <Table.Td>{l.attributes.rank}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {formatDay(l.attributes.joining_date)} – {formatDay(l.attributes.end_date)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {!l.attributes.rank_in_matrix ? (
                      <Text c="dimmed" fz="xs">
                        The rank is not in the matrix.
                      </Text>
                    ) : null}
                    {l.attributes.documents.map((d) => {
                      const tour = d.covers_tour === false && d.status === "valid";
                      return (
                        <Tooltip
                          key={d.document_id}
                          label={`${d.status}${d.valid_until ? `, until ${formatDay(d.valid_until)}` : ""}${
                            d.months_required ? `, ${d.months_required} months asked` : ""
                          }${d.covers_tour === false ? ", ends before the tour does" : ""}${
                            d.held_as && d.held_as !== d.document ? `, held as ${d.held_as}` : ""
                          }`}
                        >
                          <Badge
                            size="sm"
                            radius="sm"
                            tt="none"
                            variant={d.required ? "light" : "outline"}
                            color={tour ? "orange" : COLOR[d.status]}
                          >
                            {d.document}: {tour ? "ends in tour" : d.status}
                          </Badge>
                        </Tooltip>
                      );
                    })}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Paper>
  );
};
