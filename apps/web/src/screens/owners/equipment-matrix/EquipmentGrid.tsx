import { NumberInput, ScrollArea, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { getOne, queryKeys, update } from "../../../api";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";
import { cellKey, str } from "../matrix-kernel/matrix-kernel";
import type { TEquipmentModel } from "./equipment-model";

/** The owner's currency (prices are in it); the owner is in the cache from the owner page. */
export const useOwnerCurrency = (ownerId: string): string => {
  const owner = useQuery({
    queryKey: queryKeys.one("owners", ownerId),
    queryFn: ({ signal }) => getOne("owners", ownerId, {}, signal),
  });
  return str(owner.data?.data.attributes.currency) || "USD";
};

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
  // The cell keeps what was typed (nothing to reload: the grid is built from it); a refusal is
  // the cell's own red message, not a notice.
  const save = useResourceMutation({
    mutationFn: onSave,
    onSuccess: () => {
      setState("saved");
      setError("");
    },
    refusal: () => true,
    onFailure: (_action, e) => {
      setState("error");
      setError(e instanceof Error ? e.message : "Not saved");
    },
  });
  const commit = () => {
    const n = typeof draft === "number" ? draft : Number(draft);
    if (!Number.isFinite(n) || n === value) return;
    setState("saving");
    save.mutate(n);
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
      onBlur={commit}
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
export const EquipmentGrid = ({
  model,
  onChange,
  editable,
  currency,
}: {
  model: TEquipmentModel;
  onChange?: (cells: TEquipmentModel["cells"]) => void;
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
                const cell = model.cells.get(cellKey(r.id, c.optionId));
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
                          if (qty > 0) next.set(cellKey(r.id, c.optionId), { qty });
                          else next.delete(cellKey(r.id, c.optionId));
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
