import { ownerGroups, type TResourceObject } from "@crew/contracts";
import { Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCopy, IconEdit, IconPlus, IconStar } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { getList, getOne, queryKeys, runAction, update } from "../../../api";
import type { TRelatedListProps } from "../../../resources/details/RelatedList";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";
import { useSession } from "../../../session/use-session";
import { MatrixCheck } from "./MatrixCheck";
import { MatrixForm } from "./MatrixForm";
import { MatrixGrid } from "./MatrixGrid";
import { emptyModel, modelOf } from "./matrix-model";

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const INCLUDE = ["roles", "documents.document", "items"] as const;

/** Copy another owner's matrix as this owner's new current one (copy_matrix). */
const CopyDialog = ({
  ownerId,
  onClose,
  onSaved,
}: {
  ownerId: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}) => {
  const [source, setSource] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const all = useQuery({
    queryKey: queryKeys.list("owner_groups", { perPage: 999, include: ["owner"], sort: "title" }),
    queryFn: ({ signal }) =>
      getList("owner_groups", { perPage: 999, include: ["owner"], sort: "title" }, signal),
  });
  const options = (all.data?.data ?? [])
    .filter((m) => (m.relationships?.owner?.data as { id?: string } | null)?.id !== ownerId)
    .map((m) => {
      const ownerRef = m.relationships?.owner?.data as { id?: string } | null;
      const owner = all.data?.included.find((r) => r.type === "owners" && r.id === ownerRef?.id);
      return { value: m.id, label: `${str(owner?.attributes.title)}: ${str(m.attributes.title)}` };
    });
  const copy = useResourceMutation({
    mutationFn: () =>
      runAction(ownerGroups, "copy_matrix", {
        id: source ?? "",
        input: { owner_id: Number(ownerId), ...(title.trim() ? { title: title.trim() } : {}) },
      }),
    invalidates: ["owner_groups", "time_plans"],
    notice: "The matrix is copied and current",
    onSuccess: (answer) => {
      const body = answer.kind === "json" ? (answer.body as { data?: { id?: string } }) : {};
      onSaved(body.data?.id ?? "");
    },
  });
  return (
    <Modal opened onClose={onClose} title="Copy a document matrix from another owner">
      <Stack gap="sm">
        <Select
          label="Matrix to start from"
          searchable
          data={options}
          value={source}
          onChange={setSource}
          nothingFoundMessage={all.isLoading ? "Loading…" : "No other owner has a matrix"}
        />
        <TextInput
          label="Title (default: the same)"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!source} loading={copy.isPending} onClick={() => copy.mutate()}>
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

type TDialog = { kind: "create" } | { kind: "edit" } | { kind: "copy" } | null;

/**
 * /owners/:id/document_matrix (spec 002 §2, issue 17 §2): the owner's matrices (one current),
 * the chosen one as a grid (ranks by documents), its create, edit and copy forms, and the
 * compliance check of a vessel's crew against it.
 */
export const DocumentMatrixTab = ({ parentId: ownerId }: TRelatedListProps) => {
  const { can } = useSession();
  const [chosen, setChosen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<TDialog>(null);
  const matrices = useQuery({
    queryKey: queryKeys.list("owner_groups", { perPage: 999, filter: { owner_id: ownerId } }),
    queryFn: ({ signal }) =>
      getList("owner_groups", { perPage: 999, filter: { owner_id: ownerId }, sort: "-created_at" }, signal),
  });
  const list = matrices.data?.data ?? [];
  const current = list.find((m) => m.attributes.current === true);
  const shownId = chosen && list.some((m) => m.id === chosen) ? chosen : (current?.id ?? list[0]?.id ?? null);
  const matrix = useQuery({
    queryKey: [...queryKeys.one("owner_groups", shownId ?? ""), { include: INCLUDE }],
    enabled: shownId !== null,
    queryFn: ({ signal }) => getOne("owner_groups", shownId ?? "", { include: INCLUDE }, signal),
  });
  const model =
    matrix.data && matrix.data.data.id === shownId ? modelOf(matrix.data.data, matrix.data.included) : null;
  const makeCurrent = useResourceMutation({
    mutationFn: (id: string) => update("owner_groups", id, { current: true }),
    invalidates: ["owner_groups", "time_plans"],
    notice: "The matrix is now current",
  });
  const mayCreate = can("documentMatrix", "create");
  const mayUpdate = can("documentMatrix", "update");
  const shown = list.find((m) => m.id === shownId);
  const saved = (id: string) => {
    setDialog(null);
    if (id) setChosen(id);
  };
  const label = (m: TResourceObject) =>
    `${str(m.attributes.title)}${m.attributes.current === true ? " (current)" : ""}`;
  return (
    <Stack gap="md">
      <Paper withBorder shadow="xs" p="md">
        <Group justify="space-between" align="end" mb="md">
          <Group align="end" gap="sm">
            <Select
              label="Document matrix"
              w={320}
              data={list.map((m) => ({ value: m.id, label: label(m) }))}
              value={shownId}
              onChange={setChosen}
              placeholder={matrices.isLoading ? "Loading…" : "No matrix yet"}
              disabled={!list.length}
            />
            {shown?.attributes.current === true ? (
              <Badge color="green" variant="light" mb={6}>
                Current
              </Badge>
            ) : shown && mayUpdate ? (
              <Button
                variant="default"
                leftSection={<IconStar size={16} />}
                loading={makeCurrent.isPending}
                onClick={() => makeCurrent.mutate(shown.id)}
              >
                Make current
              </Button>
            ) : null}
          </Group>
          <Group gap="xs">
            {mayCreate ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: "create" })}>
                New matrix
              </Button>
            ) : null}
            {mayUpdate && model ? (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => setDialog({ kind: "edit" })}
              >
                Edit
              </Button>
            ) : null}
            {mayCreate ? (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => setDialog({ kind: "copy" })}
              >
                Copy from another owner
              </Button>
            ) : null}
          </Group>
        </Group>
        {!list.length && !matrices.isLoading ? (
          <Text c="dimmed" size="sm">
            This owner has no document matrix yet: the planner warns by the seafarers' own documents until one
            is made.
          </Text>
        ) : null}
        {model ? (
          <>
            <Title order={3} fz="md" fw={650} mb="xs">
              {model.title}{" "}
              <Text span c="dimmed" fz="sm">
                {model.ranks.length} ranks · {model.columns.length} documents
              </Text>
            </Title>
            <MatrixGrid model={model} />
          </>
        ) : null}
      </Paper>
      {shownId && model ? <MatrixCheck ownerId={ownerId} matrixId={shownId} /> : null}
      {dialog?.kind === "create" ? (
        <MatrixForm
          ownerId={ownerId}
          initial={emptyModel()}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {dialog?.kind === "edit" && model && shownId ? (
        <MatrixForm
          ownerId={ownerId}
          matrixId={shownId}
          initial={model}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {dialog?.kind === "copy" ? (
        <CopyDialog ownerId={ownerId} onClose={() => setDialog(null)} onSaved={saved} />
      ) : null}
    </Stack>
  );
};
