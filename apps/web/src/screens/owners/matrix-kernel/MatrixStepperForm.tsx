import { owners } from "@crew/contracts";
import { Button, Group, Modal, MultiSelect, Stack, Stepper, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { getList, runAction } from "../../../api";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";
import {
  ALL,
  byPriority,
  rankOf,
  recordsOf,
  savedIdOf,
  type TMatrixKind,
  type TOwnerMatrixModel,
} from "./matrix-kernel";

/**
 * Create or edit a matrix of any kind in three steps (spec 002 §2 "matrix forms"): 1 title and
 * ranks (create offers the ranks of the owner's fleet, edit the matrix's own and unused_roles),
 * 2 the kind's items, 3 the kind's grid. One write saves it all.
 */
export const MatrixStepperForm = <C, V>({
  kind,
  ownerId,
  matrixId,
  initial,
  onClose,
  onSaved,
}: {
  kind: TMatrixKind<C, V>;
  ownerId: string;
  /** Edit this matrix; create a new one when absent. */
  matrixId?: string;
  initial: TOwnerMatrixModel<C, V>;
  onClose: () => void;
  onSaved: (id: string) => void;
}) => {
  const [step, setStep] = useState(0);
  const [model, setModel] = useState<TOwnerMatrixModel<C, V>>(initial);
  const rankOptions = useQuery({
    queryKey: ["ranks", `${kind.type}-options`, ownerId, matrixId ?? "new"],
    queryFn: async () => {
      const found = matrixId
        ? recordsOf(await kind.api.unusedRoles(matrixId))
        : recordsOf(await runAction(owners, "roles", { id: ownerId, input: ALL }));
      // An owner without a fleet yet: every rank.
      const list =
        found.length || matrixId
          ? found
          : (await getList("ranks", { perPage: 999, sort: "crewing_priority" })).data;
      return list.map(rankOf);
    },
  });
  const ranks = useMemo(
    () =>
      [...initial.ranks, ...(rankOptions.data ?? [])]
        .filter((r, i, all) => all.findIndex((x) => x.id === r.id) === i)
        .sort(byPriority),
    [initial.ranks, rankOptions.data],
  );
  const save = useResourceMutation({
    mutationFn: () => (matrixId ? kind.api.edit(matrixId, model) : kind.api.create(Number(ownerId), model)),
    invalidates: kind.invalidates,
    notice: matrixId ? `The ${kind.noun} is saved` : `The ${kind.noun} is created and current`,
    onSuccess: (answer) => onSaved(savedIdOf(answer) ?? matrixId ?? ""),
  });
  const stepOk = [model.title.trim() !== "" && model.ranks.length > 0, kind.form.columnsOk(model), true];
  const stepProps = { ownerId, matrixId, initial, model, setModel };
  const { ColumnsStep, GridStep } = kind.form;
  return (
    <Modal
      opened
      onClose={onClose}
      size="95%"
      title={matrixId ? `Edit ${kind.noun}: ${initial.title}` : `New ${kind.noun}`}
    >
      <Stepper
        active={step}
        onStepClick={(s) => (s < step || stepOk.slice(0, s).every(Boolean) ? setStep(s) : undefined)}
        size="sm"
        mb="md"
      >
        {kind.form.steps.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      {step === 0 ? (
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={model.title}
            onChange={(e) => setModel({ ...model, title: e.currentTarget.value })}
            placeholder={kind.form.titlePlaceholder}
          />
          <MultiSelect
            label="Ranks"
            description={matrixId ? kind.form.editRanksDescription : "Ranks of the owner's fleet"}
            searchable
            data={ranks.map((r) => ({ value: String(r.id), label: r.title }))}
            value={model.ranks.map((r) => String(r.id))}
            onChange={(ids) =>
              setModel({ ...model, ranks: ranks.filter((r) => ids.includes(String(r.id))).sort(byPriority) })
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
      {step === 1 ? <ColumnsStep {...stepProps} /> : null}
      {step === 2 ? <GridStep {...stepProps} /> : null}
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
