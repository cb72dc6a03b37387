import { ownerGroups } from "@crew/contracts";
import { ActionIcon, Alert, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { getList, runAction } from "../../../api";
import { ALL, recordsOf, type TMatrixStepProps } from "../matrix-kernel/matrix-kernel";
import { MatrixGrid } from "./MatrixGrid";
import { columnOf, type TMatrixCell, type TMatrixColumn } from "./matrix-model";

type TStepProps = TMatrixStepProps<TMatrixColumn, TMatrixCell>;

/**
 * Step 2 of the document matrix's form (spec 002 §2 "matrix forms"): documents in groups and
 * order. Create offers every document kind; edit the matrix's own and unused_documents.
 */
export const DocumentColumnsStep = ({ matrixId, initial, model, setModel }: TStepProps) => {
  const [pick, setPick] = useState<string | null>(null);
  const documentOptions = useQuery({
    queryKey: ["applicant-documents", "matrix-options", matrixId ?? "new"],
    queryFn: async () =>
      (matrixId
        ? recordsOf(await runAction(ownerGroups, "unused_documents", { id: matrixId, input: ALL }))
        : (await getList("applicant-documents", { perPage: 999, sort: "title" })).data
      ).map((r) => columnOf(r)),
  });
  const documents = useMemo(
    () =>
      [...initial.columns, ...(documentOptions.data ?? [])].filter(
        (d) => !model.columns.some((c) => c.documentId === d.documentId),
      ),
    [initial.columns, documentOptions.data, model.columns],
  );
  const moveColumn = (index: number, by: number) => {
    const columns = [...model.columns];
    const [moved] = columns.splice(index, 1);
    if (!moved) return;
    columns.splice(index + by, 0, moved);
    setModel({ ...model, columns });
  };
  return (
    <Stack gap="sm">
      <Group align="end" gap="xs">
        <Select
          label="Add a document"
          searchable
          w={420}
          data={documents.map((d) => ({
            value: String(d.documentId),
            label: d.stcw ? `${d.title} (STCW ${d.stcw})` : d.title,
          }))}
          value={pick}
          onChange={(v) => {
            const doc = documents.find((d) => String(d.documentId) === v);
            if (!doc) return;
            const groupName = model.columns[model.columns.length - 1]?.groupName ?? "";
            setModel({ ...model, columns: [...model.columns, { ...doc, groupName }] });
            setPick(null);
          }}
          nothingFoundMessage={documentOptions.isLoading ? "Loading…" : "No documents left"}
        />
      </Group>
      {model.columns.length ? (
        <Table fz="sm" aria-label="Documents of the matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>Document</Table.Th>
              <Table.Th w={260}>Group</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.columns.map((c, i) => (
              <Table.Tr key={c.documentId}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  {c.title}
                  {c.stcw ? (
                    <Text span c="dimmed" fz="xs">
                      {" "}
                      STCW {c.stcw}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`Group of ${c.title}`}
                    value={c.groupName}
                    onChange={(e) => {
                      const groupName = e.currentTarget.value;
                      setModel({
                        ...model,
                        columns: model.columns.map((x, j) => (j === i ? { ...x, groupName } : x)),
                      });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${c.title} up`}
                      disabled={i === 0}
                      onClick={() => moveColumn(i, -1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${c.title} down`}
                      disabled={i === model.columns.length - 1}
                      onClick={() => moveColumn(i, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${c.title}`}
                      onClick={() => setModel({ ...model, columns: model.columns.filter((_, j) => j !== i) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">
          Add the documents the owner asks for, in the order the matrix shows them.
        </Text>
      )}
    </Stack>
  );
};

/** Step 3: the grid, a click cycles a cell through required, recommended and none. */
export const DocumentGridStep = ({ model, setModel }: TStepProps) => (
  <Stack gap="xs">
    <Alert variant="light" p="xs">
      Click a cell to cycle it through Required, Recommended and not needed; give the months of validity that
      must be left on the joining day.
    </Alert>
    <MatrixGrid model={model} onChange={(cells) => setModel({ ...model, cells })} />
  </Stack>
);
