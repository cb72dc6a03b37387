import { ownerMatrices } from "@crew/contracts";
import { MultiSelect, NumberInput, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { getList, runAction } from "../../../api";
import { ALL, recordsOf, str, type TMatrixStepProps } from "../matrix-kernel/matrix-kernel";
import type { TEquipmentCell, TEquipmentColumn } from "./equipment-model";
import { EquipmentGrid, useOwnerCurrency } from "./EquipmentGrid";

type TStepProps = TMatrixStepProps<TEquipmentColumn, TEquipmentCell>;

/**
 * Step 2 of the equipment matrix's form: items and unit prices (create: the whole
 * protective-equipment list; edit: the matrix's own and unused_equipments).
 */
export const EquipmentColumnsStep = ({ ownerId, matrixId, initial, model, setModel }: TStepProps) => {
  const currency = useOwnerCurrency(ownerId);
  const itemOptions = useQuery({
    queryKey: ["equipment_options", "equipment-matrix-options", matrixId ?? "new"],
    queryFn: async () =>
      (matrixId
        ? recordsOf(await runAction(ownerMatrices, "unused_equipments", { id: matrixId, input: ALL }))
        : (await getList("equipment_options", { perPage: 999, sort: "title" })).data
      ).map((r) => ({ optionId: Number(r.id), title: str(r.attributes.title), price: 0 })),
  });
  const items = useMemo(
    () =>
      [...initial.columns, ...(itemOptions.data ?? [])].filter(
        (c, i, all) => all.findIndex((x) => x.optionId === c.optionId) === i,
      ),
    [initial.columns, itemOptions.data],
  );
  return (
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
  );
};

/** Step 3: how many of each item a rank gets; an empty cell is none. */
export const EquipmentGridStep = ({ ownerId, model, setModel }: TStepProps) => {
  const currency = useOwnerCurrency(ownerId);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        How many of each item a seafarer of the rank gets on joining; leave a cell empty for none.
      </Text>
      <EquipmentGrid
        model={model}
        editable
        currency={currency}
        onChange={(cells) => setModel({ ...model, cells })}
      />
    </Stack>
  );
};
