import { owners, ownerGroups, type TResourceObject } from "@crew/contracts";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { getList, runAction, type TActionAnswer } from "../../../api";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";
import { MatrixGrid } from "./MatrixGrid";
import { bodyOf, byPriority, columnOf, rankOf, type TMatrixModel } from "./matrix-model";

/** The records of a list action's JSON:API answer (owners/{id}/roles, unused_roles, unused_documents). */
const recordsOf = (answer: TActionAnswer): TResourceObject[] => {
  if (answer.kind !== "json" || typeof answer.body !== "object" || answer.body === null) return [];
  const data = (answer.body as { data?: unknown }).data;
  return Array.isArray(data) ? (data as TResourceObject[]) : [];
};

const ALL = { "page[size]": 999 } as const;

/**
 * Create or edit a document matrix in three steps (spec 002 §2 "matrix forms"): 1 title and
 * ranks, 2 documents in groups and order, 3 the grid. Create offers the ranks of the owner's
 * fleet and every document kind; edit offers only ranks and documents not yet in the matrix
 * (unused_roles, unused_documents) beside those it has. One write saves it all.
 */
export const MatrixForm = ({
  ownerId,
  matrixId,
  initial,
  onClose,
  onSaved,
}: {
  ownerId: string;
  /** Edit this matrix; create a new one when absent. */
  matrixId?: string;
  initial: TMatrixModel;
  onClose: () => void;
  onSaved: (id: string) => void;
}) => {
  const [step, setStep] = useState(0);
  const [model, setModel] = useState<TMatrixModel>(initial);
  const [pick, setPick] = useState<string | null>(null);
  const rankOptions = useQuery({
    queryKey: ["ranks", "matrix-options", ownerId, matrixId ?? "new"],
    queryFn: async () => {
      const found = matrixId
        ? recordsOf(await runAction(ownerGroups, "unused_roles", { id: matrixId, input: ALL }))
        : recordsOf(await runAction(owners, "roles", { id: ownerId, input: ALL }));
      // An owner without a fleet yet: every rank.
      const list =
        found.length || matrixId
          ? found
          : (await getList("ranks", { perPage: 999, sort: "crewing_priority" })).data;
      return list.map(rankOf);
    },
  });
  const documentOptions = useQuery({
    queryKey: ["applicant-documents", "matrix-options", matrixId ?? "new"],
    queryFn: async () =>
      (matrixId
        ? recordsOf(await runAction(ownerGroups, "unused_documents", { id: matrixId, input: ALL }))
        : (await getList("applicant-documents", { perPage: 999, sort: "title" })).data
      ).map((r) => columnOf(r)),
  });
  const ranks = useMemo(
    () =>
      [...initial.ranks, ...(rankOptions.data ?? [])]
        .filter((r, i, all) => all.findIndex((x) => x.id === r.id) === i)
        .sort(byPriority),
    [initial.ranks, rankOptions.data],
  );
  const documents = useMemo(
    () =>
      [...initial.columns, ...(documentOptions.data ?? [])].filter(
        (d) => !model.columns.some((c) => c.documentId === d.documentId),
      ),
    [initial.columns, documentOptions.data, model.columns],
  );
  const save = useResourceMutation({
    mutationFn: () =>
      matrixId
        ? runAction(ownerGroups, "edit_matrix", { id: matrixId, input: bodyOf(model) })
        : runAction(ownerGroups, "create_matrix", { input: { ...bodyOf(model), owner_id: Number(ownerId) } }),
    invalidates: ["owner_groups", "group_items", "items", "time_plans"],
    notice: matrixId ? "The document matrix is saved" : "The document matrix is created and current",
    onSuccess: (answer) => {
      const body = answer.kind === "json" ? (answer.body as { data?: { id?: string } }) : {};
      onSaved(body.data?.id ?? matrixId ?? "");
    },
  });
  const moveColumn = (index: number, by: number) => {
    const columns = [...model.columns];
    const [moved] = columns.splice(index, 1);
    if (!moved) return;
    columns.splice(index + by, 0, moved);
    setModel({ ...model, columns });
  };
  const stepOk = [model.title.trim() !== "" && model.ranks.length > 0, model.columns.length > 0, true];
  return (
    <Modal
      opened
      onClose={onClose}
      size="95%"
      title={matrixId ? `Edit document matrix: ${initial.title}` : "New document matrix"}
    >
      <Stepper
        active={step}
        onStepClick={(s) => (s < step || stepOk.slice(0, s).every(Boolean) ? setStep(s) : undefined)}
        size="sm"
        mb="md"
      >
        <Stepper.Step label="Title and ranks" />
        <Stepper.Step label="Documents" />
        <Stepper.Step label="Grid" />
      </Stepper>
      {step === 0 ? (
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={model.title}
            onChange={(e) => setModel({ ...model, title: e.currentTarget.value })}
            placeholder="Fleet standard 2027"
          />
          <MultiSelect
            label="Ranks"
            description={
              matrixId
                ? "The matrix's ranks and the fleet's ranks not yet in it"
                : "Ranks of the owner's fleet"
            }
            searchable
            data={ranks.map((r) => ({ value: String(r.id), label: r.title }))}
            value={model.ranks.map((r) => String(r.id))}
            onChange={(ids) =>
              setModel({
                ...model,
                ranks: ranks.filter((r) => ids.includes(String(r.id))).sort(byPriority),
              })
            }
            nothingFoundMessage={rankOptions.isLoading ? "Loading…" : "No ranks left"}
          />
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => setModel({ ...model, ranks: [...ranks] })}
              disabled={!ranks.length}
            >
              All ranks
            </Button>
          </Group>
        </Stack>
      ) : null}
      {step === 1 ? (
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
                          onClick={() =>
                            setModel({ ...model, columns: model.columns.filter((_, j) => j !== i) })
                          }
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
      ) : null}
      {step === 2 ? (
        <Stack gap="xs">
          <Alert variant="light" p="xs">
            Click a cell to cycle it through Required, Recommended and not needed; give the months of validity
            that must be left on the joining day.
          </Alert>
          <MatrixGrid model={model} onChange={(cells) => setModel({ ...model, cells })} />
        </Stack>
      ) : null}
      <Group justify="space-between" mt="md">
        <Button variant="default" onClick={step === 0 ? onClose : () => setStep(step - 1)}>
          {step === 0 ? "Cancel" : "Back"}
        </Button>
        {step < 2 ? (
          <Button onClick={() => setStep(step + 1)} disabled={!stepOk[step]}>
            Next
          </Button>
        ) : (
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save matrix
          </Button>
        )}
      </Group>
    </Modal>
  );
};
