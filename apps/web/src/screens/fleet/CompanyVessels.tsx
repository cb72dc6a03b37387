import { vessels, type TListDocument } from "@crew/contracts";
import { Anchor, Paper, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { apiPaths, get, recordOf } from "../../api";

/**
 * The vessels of an owner or a manager, name and IMO (GET owners/{id}/vessels or
 * managers/{id}/vessels with fields name and imo, page size 999), each linking to the vessel.
 */
export const CompanyVessels = ({
  parentType,
  parentId,
}: {
  parentType: "owners" | "managers";
  parentId: string;
}) => {
  const parent = vessels.parents.find((p) => p.type === parentType);
  const list = useQuery({
    queryKey: ["vessels", "list", { parentType, parentId, fields: "name,imo" }],
    enabled: parent !== undefined,
    queryFn: ({ signal }) =>
      parent
        ? get<TListDocument>(
            apiPaths.nested(vessels, parent, parentId),
            { page: { size: 999 }, sort: "name", fields: { vessels: "name,imo" } },
            { signal },
          )
        : null,
  });
  const rows = list.data?.data ?? [];
  return (
    <Paper withBorder shadow="xs" p="md">
      <Title order={3} fz="md" fw={650} mb="sm">
        Vessels ({rows.length})
      </Title>
      {rows.length === 0 && !list.isLoading ? (
        <Text c="dimmed" size="sm">
          No vessels yet.
        </Text>
      ) : null}
      {rows.length ? (
        <Table striped fz="sm" aria-label="Vessels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>IMO</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/vessels/${v.id}/details`} size="sm">
                    {recordOf(vessels, v).attributes.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{recordOf(vessels, v).attributes.imo}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Paper>
  );
};
