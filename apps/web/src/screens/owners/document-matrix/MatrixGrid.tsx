import { Badge, Button, NumberInput, ScrollArea, Stack, Table, Text, Tooltip } from "@mantine/core";
import { cellKey } from "../matrix-kernel/matrix-kernel";
import { headerGroups, type TMatrixCell, type TMatrixModel } from "./matrix-model";

type TCellState = "none" | "required" | "recommended";
const NEXT: Record<TCellState, TCellState> = {
  none: "required",
  required: "recommended",
  recommended: "none",
};
const stateOf = (cell: TMatrixCell | undefined): TCellState =>
  !cell ? "none" : cell.required ? "required" : "recommended";

/**
 * The whole matrix: ranks as rows, documents as columns under their groups. Read-only, it is the
 * full-form view; editable (step 3 of the form), a click cycles a cell through required,
 * recommended and none, and a required or recommended cell takes the months of validity left
 * at joining.
 */
export const MatrixGrid = ({
  model,
  onChange,
}: {
  model: TMatrixModel;
  onChange?: (cells: Map<string, TMatrixCell>) => void;
}) => {
  if (!model.ranks.length || !model.columns.length)
    return (
      <Text c="dimmed" size="sm">
        The matrix has no {model.ranks.length ? "documents" : "ranks"} yet.
      </Text>
    );
  const set = (key: string, cell: TMatrixCell | null) => {
    if (!onChange) return;
    const next = new Map(model.cells);
    if (cell) next.set(key, cell);
    else next.delete(key);
    onChange(next);
  };
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table
        withTableBorder
        withColumnBorders
        fz="xs"
        aria-label={`Document matrix ${model.title}`}
        style={{ minWidth: 180 + model.columns.length * (onChange ? 132 : 92) }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th
              rowSpan={2}
              style={{ position: "sticky", left: 0, background: "var(--mantine-color-body)", zIndex: 1 }}
            >
              Rank
            </Table.Th>
            {headerGroups(model.columns).map((g, i) => (
              <Table.Th key={`${g.name}-${i}`} colSpan={g.span} ta="center" bg="gray.0">
                {g.name || "—"}
              </Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            {model.columns.map((c) => (
              <Table.Th key={c.documentId} style={{ verticalAlign: "bottom", maxWidth: 140 }}>
                <Stack gap={2}>
                  <Text fz="xs" fw={600} lh={1.2}>
                    {c.title}
                  </Text>
                  {c.stcw ? (
                    <Text fz={10} c="dimmed">
                      STCW {c.stcw}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {model.ranks.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th
                scope="row"
                style={{
                  position: "sticky",
                  left: 0,
                  background: "var(--mantine-color-body)",
                  whiteSpace: "nowrap",
                }}
              >
                {r.title}
              </Table.Th>
              {model.columns.map((c) => {
                const key = cellKey(r.id, c.documentId);
                const cell = model.cells.get(key);
                const state = stateOf(cell);
                const label = `${r.title}: ${c.title}`;
                if (!onChange)
                  return (
                    <Table.Td key={key} ta="center" aria-label={`${label}: ${state}`}>
                      {cell ? (
                        <Tooltip label={cell.required ? "Required" : "Recommended"}>
                          <Badge
                            size="sm"
                            variant={cell.required ? "filled" : "light"}
                            color={cell.required ? "blue" : "gray"}
                            radius="sm"
                            tt="none"
                          >
                            {cell.required ? "✓" : "rec."}
                            {cell.months ? ` ${cell.months} mo` : ""}
                          </Badge>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                  );
                return (
                  <Table.Td key={key} ta="center" p={4}>
                    <Stack gap={4} align="center">
                      <Button
                        size="compact-xs"
                        variant={
                          state === "required" ? "filled" : state === "recommended" ? "light" : "default"
                        }
                        color={state === "recommended" ? "gray" : "blue"}
                        aria-label={`${label}: ${state}`}
                        onClick={() =>
                          set(
                            key,
                            NEXT[state] === "none"
                              ? null
                              : { months: cell?.months ?? 0, required: NEXT[state] === "required" },
                          )
                        }
                        w={116}
                      >
                        {state === "none" ? "—" : state === "required" ? "Required" : "Recommended"}
                      </Button>
                      {cell ? (
                        <NumberInput
                          size="xs"
                          w={116}
                          min={0}
                          max={120}
                          allowDecimal={false}
                          allowNegative={false}
                          suffix=" mo"
                          aria-label={`${label}: months left at joining`}
                          value={cell.months}
                          onChange={(v) => set(key, { ...cell, months: typeof v === "number" ? v : 0 })}
                        />
                      ) : null}
                    </Stack>
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
