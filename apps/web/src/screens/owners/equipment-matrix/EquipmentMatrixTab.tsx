import { ownerMatrices, owners, type TResourceObject } from "@crew/contracts";
import {
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCopy, IconEdit, IconPlus, IconStar } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { getList, getOne, queryKeys, runAction, update, type TActionAnswer } from "../../../api";
import type { TRelatedListProps } from "../../../resources/details/RelatedList";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";
import { useSession } from "../../../session/use-session";

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : Number(v ?? 0));
const INCLUDE = ["roles", "prices.equipment_option", "items"] as const;
const ALL = { "page[size]": 999 } as const;
const refId = (r: TResourceObject, name: string): string => {
  const data = r.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : "";
};
const recordsOf = (answer: TActionAnswer): TResourceObject[] => {
  if (answer.kind !== "json" || typeof answer.body !== "object" || answer.body === null) return [];
  const data = (answer.body as { data?: unknown }).data;
  return Array.isArray(data) ? (data as TResourceObject[]) : [];
};

interface TRank {
  id: number;
  title: string;
  priority: number;
}
interface TColumn {
  optionId: number;
  title: string;
  price: number;
  /** The matrix_prices row (absent in a form's new column). */
  priceId?: string;
}
interface TModel {
  title: string;
  ranks: TRank[];
  columns: TColumn[];
  /** qty by `${rankId}:${optionId}`, with the matrix_items id where the cell exists. */
  cells: Map<string, { qty: number; id?: string }>;
}
const key = (rankId: number, optionId: number) => `${rankId}:${optionId}`;
const byPriority = (a: TRank, b: TRank) => a.priority - b.priority || a.title.localeCompare(b.title);
const rankOf = (r: TResourceObject): TRank => ({
  id: Number(r.id),
  title: str(r.attributes.title),
  priority: num(r.attributes.crewing_priority),
});
const emptyModel = (): TModel => ({ title: "", ranks: [], columns: [], cells: new Map() });

/** GET owner_matrices/{id}?include=roles,prices.equipment_option,items as the model. */
const modelOf = (data: TResourceObject, included: readonly TResourceObject[]): TModel => {
  const find = (type: string, id: string) => included.find((r) => r.type === type && r.id === id);
  const ids = (name: string) => {
    const d = data.relationships?.[name]?.data;
    return Array.isArray(d) ? d : [];
  };
  const ranks = ids("roles")
    .map((r) => find("ranks", r.id))
    .filter((r): r is TResourceObject => r !== undefined)
    .map(rankOf)
    .sort(byPriority);
  const columns = ids("prices")
    .map((p) => find("matrix_prices", p.id))
    .filter((p): p is TResourceObject => p !== undefined)
    .sort((a, b) => num(a.attributes.position) - num(b.attributes.position))
    .map((p) => ({
      optionId: Number(refId(p, "equipment_option")),
      title: str(p.attributes.equipment_title),
      price: num(p.attributes.price),
      priceId: p.id,
    }));
  const cells = new Map<string, { qty: number; id?: string }>();
  for (const ref of ids("items")) {
    const c = find("matrix_items", ref.id);
    if (c)
      cells.set(key(Number(refId(c, "role")), Number(refId(c, "equipment_option"))), {
        qty: num(c.attributes.qty),
        id: c.id,
      });
  }
  return { title: str(data.attributes.title), ranks, columns, cells };
};

const bodyOf = (m: TModel) => ({
  title: m.title.trim(),
  role_ids: m.ranks.map((r) => r.id),
  equipments: m.columns.map((c) => ({ equipment_option_id: c.optionId, price: c.price })),
  items: m.ranks.flatMap((r) =>
    m.columns.flatMap((c) => {
      const qty = m.cells.get(key(r.id, c.optionId))?.qty ?? 0;
      return qty > 0 ? [{ role_id: r.id, equipment_option_id: c.optionId, qty }] : [];
    }),
  ),
});

/** One number saved on its own when it is left (a price or a quantity): saving, saved or refused on itself. */
const CellInput = ({
  label,
  value,
  min,
  decimals,
  disabled,
  onSave,
}: {
  label: string;
  value: number;
  min: number;
  decimals: number;
  disabled: boolean;
  onSave: (v: number) => Promise<unknown>;
}) => {
  const [draft, setDraft] = useState<number | string>(value);
  const [state, setState] = useState<"idle" | "saving" | "saved" | "error">("idle");
  const [error, setError] = useState("");
  const commit = async () => {
    const n = typeof draft === "number" ? draft : Number(draft);
    if (!Number.isFinite(n) || n === value) return;
    setState("saving");
    try {
      await onSave(n);
      setState("saved");
      setError("");
    } catch (e) {
      setState("error");
      setError(e instanceof Error ? e.message : "Not saved");
    }
  };
  return (
    <NumberInput
      size="xs"
      w={decimals ? 90 : 64}
      aria-label={label}
      value={draft}
      min={min}
      decimalScale={decimals}
      hideControls
      disabled={disabled}
      onChange={setDraft}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === "Enter") e.currentTarget.blur();
        if (e.key === "Escape") setDraft(value);
      }}
      error={state === "error" ? error : undefined}
      styles={{
        input: {
          textAlign: "right",
          ...(state === "saved" ? { borderColor: "var(--mantine-color-green-6)" } : {}),
        },
      }}
      data-state={state}
    />
  );
};

/** The matrix as a grid: ranks by items, a price row; with `onChange` (the form) every cell is a number. */
const Grid = ({
  model,
  onChange,
  editable,
  currency,
}: {
  model: TModel;
  onChange?: (cells: TModel["cells"]) => void;
  editable: boolean;
  currency: string;
}) => {
  const saveQty = (id: string) => (qty: number) => update("matrix_items", id, { qty });
  const savePrice = (id: string) => (price: number) => update("matrix_prices", id, { price });
  return (
    <ScrollArea type="auto">
      <Table
        fz="sm"
        withTableBorder
        withColumnBorders
        aria-label="Equipment matrix"
        miw={300 + model.columns.length * 90}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={150}>Rank</Table.Th>
            {model.columns.map((c) => (
              <Table.Th key={c.optionId} ta="right" fz="xs">
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            <Table.Th fw={400} c="dimmed">
              Unit price, {currency}
            </Table.Th>
            {model.columns.map((c) => (
              <Table.Th key={c.optionId} ta="right" fw={400}>
                {onChange || !c.priceId ? (
                  c.price.toFixed(2)
                ) : (
                  <CellInput
                    label={`Price of ${c.title}`}
                    value={c.price}
                    min={0}
                    decimals={2}
                    disabled={!editable}
                    onSave={savePrice(c.priceId)}
                  />
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {model.ranks.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.title}</Table.Td>
              {model.columns.map((c) => {
                const cell = model.cells.get(key(r.id, c.optionId));
                const label = `${c.title} for ${r.title}`;
                if (onChange)
                  return (
                    <Table.Td key={c.optionId} ta="right">
                      <NumberInput
                        size="xs"
                        w={64}
                        hideControls
                        min={0}
                        max={99}
                        aria-label={label}
                        value={cell?.qty ?? ""}
                        onChange={(v) => {
                          const next = new Map(model.cells);
                          const qty = typeof v === "number" ? v : Number(v || 0);
                          if (qty > 0) next.set(key(r.id, c.optionId), { qty });
                          else next.delete(key(r.id, c.optionId));
                          onChange(next);
                        }}
                        styles={{ input: { textAlign: "right" } }}
                      />
                    </Table.Td>
                  );
                return (
                  <Table.Td key={c.optionId} ta="right">
                    {cell?.id && editable ? (
                      <CellInput
                        label={label}
                        value={cell.qty}
                        min={1}
                        decimals={0}
                        disabled={false}
                        onSave={saveQty(cell.id)}
                      />
                    ) : (
                      <Text span c={cell ? undefined : "dimmed"}>
                        {cell ? cell.qty : "–"}
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
};

/**
 * Create or edit an equipment matrix in three steps (spec 002 §2 "matrix forms"): 1 title and
 * ranks (edit offers the matrix's ranks and unused_roles), 2 items and unit prices (edit:
 * unused_equipments beside its own), 3 quantities. One write saves it all.
 */
const MatrixForm = ({
  ownerId,
  matrixId,
  initial,
  currency,
  onClose,
  onSaved,
}: {
  ownerId: string;
  matrixId?: string;
  initial: TModel;
  currency: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}) => {
  const [step, setStep] = useState(0);
  const [model, setModel] = useState<TModel>(initial);
  const rankOptions = useQuery({
    queryKey: ["ranks", "equipment-matrix-options", ownerId, matrixId ?? "new"],
    queryFn: async () => {
      const found = matrixId
        ? recordsOf(await runAction(ownerMatrices, "unused_roles", { id: matrixId, input: ALL }))
        : recordsOf(await runAction(owners, "roles", { id: ownerId, input: ALL }));
      const list =
        found.length || matrixId
          ? found
          : (await getList("ranks", { perPage: 999, sort: "crewing_priority" })).data;
      return list.map(rankOf);
    },
  });
  const itemOptions = useQuery({
    queryKey: ["equipment_options", "equipment-matrix-options", matrixId ?? "new"],
    queryFn: async () =>
      (matrixId
        ? recordsOf(await runAction(ownerMatrices, "unused_equipments", { id: matrixId, input: ALL }))
        : (await getList("equipment_options", { perPage: 999, sort: "title" })).data
      ).map((r) => ({ optionId: Number(r.id), title: str(r.attributes.title), price: 0 })),
  });
  const ranks = useMemo(
    () =>
      [...initial.ranks, ...(rankOptions.data ?? [])]
        .filter((r, i, all) => all.findIndex((x) => x.id === r.id) === i)
        .sort(byPriority),
    [initial.ranks, rankOptions.data],
  );
  const items = useMemo(
    () =>
      [...initial.columns, ...(itemOptions.data ?? [])].filter(
        (c, i, all) => all.findIndex((x) => x.optionId === c.optionId) === i,
      ),
    [initial.columns, itemOptions.data],
  );
  const save = useResourceMutation({
    mutationFn: () =>
      matrixId
        ? runAction(ownerMatrices, "edit_matrix", { id: matrixId, input: bodyOf(model) })
        : runAction(ownerMatrices, "create_matrix", {
            input: { ...bodyOf(model), owner_id: Number(ownerId) },
          }),
    invalidates: ["owner_matrices", "matrix_prices", "matrix_items"],
    notice: matrixId ? "The equipment matrix is saved" : "The equipment matrix is created and current",
    onSuccess: (answer) => {
      const body = answer.kind === "json" ? (answer.body as { data?: { id?: string } }) : {};
      onSaved(body.data?.id ?? matrixId ?? "");
    },
  });
  const stepOk = [model.title.trim() !== "" && model.ranks.length > 0, model.columns.length > 0, true];
  return (
    <Modal
      opened
      onClose={onClose}
      size="95%"
      title={matrixId ? `Edit equipment matrix: ${initial.title}` : "New equipment matrix"}
    >
      <Stepper
        active={step}
        onStepClick={(s) => (s < step || stepOk.slice(0, s).every(Boolean) ? setStep(s) : undefined)}
        size="sm"
        mb="md"
      >
        <Stepper.Step label="Title and ranks" />
        <Stepper.Step label="Items and prices" />
        <Stepper.Step label="Quantities" />
      </Stepper>
      {step === 0 ? (
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={model.title}
            onChange={(e) => setModel({ ...model, title: e.currentTarget.value })}
            placeholder="PPE issue 2027"
          />
          <MultiSelect
            label="Ranks"
            description={
              matrixId
                ? "The matrix's ranks and the owner's ranks not yet in it"
                : "Ranks of the owner's fleet"
            }
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
      {step === 1 ? (
        <Stack gap="sm">
          <MultiSelect
            label="Items"
            description={
              matrixId ? "The matrix's items and equipment not yet in it" : "The protective-equipment list"
            }
            searchable
            data={items.map((c) => ({ value: String(c.optionId), label: c.title }))}
            value={model.columns.map((c) => String(c.optionId))}
            onChange={(ids) =>
              setModel({
                ...model,
                columns: ids.flatMap((id) => {
                  const kept = model.columns.find((c) => String(c.optionId) === id);
                  const item = kept ?? items.find((c) => String(c.optionId) === id);
                  return item ? [item] : [];
                }),
              })
            }
            nothingFoundMessage={itemOptions.isLoading ? "Loading…" : "No items left"}
          />
          {model.columns.length ? (
            <Table fz="sm" aria-label="Items and prices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th w={160}>Unit price, {currency}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {model.columns.map((c, i) => (
                  <Table.Tr key={c.optionId}>
                    <Table.Td>{c.title}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        aria-label={`Unit price of ${c.title}`}
                        min={0}
                        decimalScale={2}
                        value={c.price}
                        onChange={(v) => {
                          const price = typeof v === "number" ? v : Number(v || 0);
                          setModel({
                            ...model,
                            columns: model.columns.map((x, j) => (j === i ? { ...x, price } : x)),
                          });
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed" size="sm">
              Pick the items the owner issues, in the order the order form lists them.
            </Text>
          )}
        </Stack>
      ) : null}
      {step === 2 ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            How many of each item a seafarer of the rank gets on joining; leave a cell empty for none.
          </Text>
          <Grid
            model={model}
            editable
            currency={currency}
            onChange={(cells) => setModel({ ...model, cells })}
          />
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
  const params = { perPage: 999, include: ["owner"], sort: "title" };
  const all = useQuery({
    queryKey: queryKeys.list("owner_matrices", params),
    queryFn: ({ signal }) => getList("owner_matrices", params, signal),
  });
  const options = (all.data?.data ?? [])
    .filter((m) => refId(m, "owner") !== ownerId)
    .map((m) => {
      const owner = all.data?.included.find((r) => r.type === "owners" && r.id === refId(m, "owner"));
      return { value: m.id, label: `${str(owner?.attributes.title)}: ${str(m.attributes.title)}` };
    });
  const copy = useResourceMutation({
    mutationFn: () =>
      runAction(ownerMatrices, "copy_matrix", { id: source ?? "", input: { owner_id: Number(ownerId) } }),
    invalidates: ["owner_matrices"],
    notice: "The matrix is copied and current",
    onSuccess: (answer) => {
      const body = answer.kind === "json" ? (answer.body as { data?: { id?: string } }) : {};
      onSaved(body.data?.id ?? "");
    },
  });
  return (
    <Modal opened onClose={onClose} title="Copy an equipment matrix from another owner">
      <Stack gap="sm">
        <Select
          label="Matrix to start from"
          searchable
          data={options}
          value={source}
          onChange={setSource}
          nothingFoundMessage={all.isLoading ? "Loading…" : "No other owner has a matrix"}
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

type TDialog = "create" | "edit" | "copy" | null;

/**
 * /owners/:id/protective-equipment-matrix (spec 002 §2, issue 17 §3): the owner's equipment
 * matrices (one current), the chosen one as a grid of ranks by items with unit prices (a price
 * or a quantity is saved on its own when left), and its create, edit and copy forms.
 */
export const EquipmentMatrixTab = ({ parentId: ownerId }: TRelatedListProps) => {
  const { can } = useSession();
  const [chosen, setChosen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<TDialog>(null);
  const listParams = { perPage: 999, filter: { owner_id: ownerId }, sort: "-created_at" };
  const matrices = useQuery({
    queryKey: queryKeys.list("owner_matrices", listParams),
    queryFn: ({ signal }) => getList("owner_matrices", listParams, signal),
  });
  const owner = useQuery({
    queryKey: queryKeys.one("owners", ownerId),
    queryFn: ({ signal }) => getOne("owners", ownerId, {}, signal),
  });
  const currency = str(owner.data?.data.attributes.currency) || "USD";
  const list = matrices.data?.data ?? [];
  const current = list.find((m) => m.attributes.current === true);
  const shownId = chosen && list.some((m) => m.id === chosen) ? chosen : (current?.id ?? list[0]?.id ?? null);
  const matrix = useQuery({
    queryKey: [...queryKeys.one("owner_matrices", shownId ?? ""), { include: INCLUDE }],
    enabled: shownId !== null,
    queryFn: ({ signal }) => getOne("owner_matrices", shownId ?? "", { include: INCLUDE }, signal),
  });
  const model =
    matrix.data && matrix.data.data.id === shownId ? modelOf(matrix.data.data, matrix.data.included) : null;
  const makeCurrent = useResourceMutation({
    mutationFn: (id: string) => update("owner_matrices", id, { current: true }),
    invalidates: ["owner_matrices"],
    notice: "The matrix is now current",
  });
  const mayCreate = can("equipmentMatrix", "create");
  const mayUpdate = can("equipmentMatrix", "update");
  const shown = list.find((m) => m.id === shownId);
  const saved = (id: string) => {
    setDialog(null);
    if (id) setChosen(id);
  };
  return (
    <Stack gap="md">
      <Paper withBorder shadow="xs" p="md">
        <Group justify="space-between" align="end" mb="md">
          <Group align="end" gap="sm">
            <Select
              label="Equipment matrix"
              w={300}
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
            This owner has no equipment matrix yet: crew changes of its vessels cannot print a PPE order until
            one is made.
          </Text>
        ) : null}
        {model ? (
          <>
            <Title order={3} fz="md" fw={650} mb="xs">
              {model.title}{" "}
              <Text span c="dimmed" fz="sm">
                {model.ranks.length} ranks · {model.columns.length} items
                {mayUpdate ? " · a price or quantity is saved when you leave it" : ""}
              </Text>
            </Title>
            <Grid model={model} editable={mayUpdate} currency={currency} />
          </>
        ) : null}
      </Paper>
      {dialog === "create" ? (
        <MatrixForm
          ownerId={ownerId}
          initial={emptyModel()}
          currency={currency}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {dialog === "edit" && model && shownId ? (
        <MatrixForm
          ownerId={ownerId}
          matrixId={shownId}
          initial={model}
          currency={currency}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {dialog === "copy" ? (
        <CopyDialog ownerId={ownerId} onClose={() => setDialog(null)} onSaved={saved} />
      ) : null}
    </Stack>
  );
};
