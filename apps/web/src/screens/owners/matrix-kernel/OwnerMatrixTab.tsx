import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconCopy, IconEdit, IconPlus, IconStar } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { getList, getOne, queryKeys, update } from "../../../api";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";
import { useSession } from "../../../session/use-session";
import { CopyMatrixDialog } from "./CopyMatrixDialog";
import { emptyMatrix, str, type TMatrixKind } from "./matrix-kernel";
import { MatrixStepperForm } from "./MatrixStepperForm";

type TDialog = "create" | "edit" | "copy" | null;

/**
 * An owner page's matrix tab for one item kind (spec 002 §2; issue 17 §2, §3): the owner's
 * matrices of the kind (one current; make another current), the chosen one as the kind's grid,
 * its create, edit and copy forms, and what the kind shows below it.
 */
export const OwnerMatrixTab = <C, V>({ kind, ownerId }: { kind: TMatrixKind<C, V>; ownerId: string }) => {
  const { can } = useSession();
  const [chosen, setChosen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<TDialog>(null);
  const listParams = { perPage: 999, filter: { owner_id: ownerId }, sort: "-created_at" };
  const matrices = useQuery({
    queryKey: queryKeys.list(kind.type, listParams),
    queryFn: ({ signal }) => getList(kind.type, listParams, signal),
  });
  const list = matrices.data?.data ?? [];
  const current = list.find((m) => m.attributes.current === true);
  const shownId = chosen && list.some((m) => m.id === chosen) ? chosen : (current?.id ?? list[0]?.id ?? null);
  const include = [...kind.include];
  const matrix = useQuery({
    queryKey: [...queryKeys.one(kind.type, shownId ?? ""), { include }],
    enabled: shownId !== null,
    queryFn: ({ signal }) => getOne(kind.type, shownId ?? "", { include }, signal),
  });
  const model =
    matrix.data && matrix.data.data.id === shownId
      ? kind.modelOf(matrix.data.data, matrix.data.included)
      : null;
  const makeCurrent = useResourceMutation({
    mutationFn: (id: string) => update(kind.type, id, { current: true }),
    invalidates: kind.invalidates,
    notice: "The matrix is now current",
  });
  const mayCreate = can(kind.permission, "create");
  const mayUpdate = can(kind.permission, "update");
  const shown = list.find((m) => m.id === shownId);
  const saved = (id: string) => {
    setDialog(null);
    if (id) setChosen(id);
  };
  const close = () => setDialog(null);
  const { Grid, Below } = kind;
  const label = kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
  return (
    <Stack gap="md">
      <Paper withBorder shadow="xs" p="md">
        <Group justify="space-between" align="end" mb="md">
          <Group align="end" gap="sm">
            <Select
              label={label}
              w={320}
              data={list.map((m) => ({
                value: m.id,
                label: `${str(m.attributes.title)}${m.attributes.current === true ? " (current)" : ""}`,
              }))}
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
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog("create")}>
                New matrix
              </Button>
            ) : null}
            {mayUpdate && model ? (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => setDialog("edit")}
              >
                Edit
              </Button>
            ) : null}
            {mayCreate ? (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => setDialog("copy")}
              >
                Copy from another owner
              </Button>
            ) : null}
          </Group>
        </Group>
        {!list.length && !matrices.isLoading ? (
          <Text c="dimmed" size="sm">
            {kind.emptyText}
          </Text>
        ) : null}
        {model ? (
          <>
            <Title order={3} fz="md" fw={650} mb="xs">
              {model.title}{" "}
              <Text span c="dimmed" fz="sm">
                {kind.summary(model, mayUpdate)}
              </Text>
            </Title>
            <Grid ownerId={ownerId} model={model} editable={mayUpdate} />
          </>
        ) : null}
      </Paper>
      {Below && shownId && model ? <Below ownerId={ownerId} matrixId={shownId} /> : null}
      {dialog === "create" ? (
        <MatrixStepperForm
          kind={kind}
          ownerId={ownerId}
          initial={emptyMatrix<C, V>()}
          onClose={close}
          onSaved={saved}
        />
      ) : null}
      {dialog === "edit" && model && shownId ? (
        <MatrixStepperForm
          kind={kind}
          ownerId={ownerId}
          matrixId={shownId}
          initial={model}
          onClose={close}
          onSaved={saved}
        />
      ) : null}
      {dialog === "copy" ? (
        <CopyMatrixDialog kind={kind} ownerId={ownerId} onClose={close} onSaved={saved} />
      ) : null}
    </Stack>
  );
};
