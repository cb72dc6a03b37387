import { Loader, Tooltip } from "@mantine/core";
import { IconAlertCircle, IconCheck } from "@tabler/icons-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { isApiError } from "../../api";
import { update } from "../../api/data-provider";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import classes from "./wage-grid.module.css";
import { formatNumber } from "../../lib/numbers";

/** An amount of a wage grid: whole units, thousands separated (lib/numbers); the grid's title names the currency. */
export const formatAmount = (n: number | null | undefined): string => formatNumber(n);

/** Moves the focus to the cell at (row, col) of a grid, if there is one. */
const focusCell = (grid: string, row: number, col: number): boolean => {
  const next = document.querySelector<HTMLElement>(
    `[data-grid="${grid}"][data-row="${row}"][data-col="${col}"]`,
  );
  next?.focus();
  return Boolean(next);
};

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

interface TProps {
  /** The grid's name (cells of one grid move the focus among themselves). */
  grid: string;
  row: number;
  col: number;
  /** The record the cell writes (`{field: value}` with PATCH /{type}/{id}). */
  type: "wage_scales" | "wage_bonuses";
  id: string;
  field: string;
  value: number;
  mayEdit: boolean;
  label: string;
}

type TState = { kind: "idle" } | { kind: "saved" } | { kind: "error"; message: string };

/**
 * One cell of a spreadsheet-like grid: focus it and type (or Enter, F2) to edit; Enter or
 * leaving the cell saves just this field, Escape puts the value back; arrows move between
 * cells. The cell shows its own saving, saved and error state.
 */
export const GridCell = ({ grid, row, col, type, id, field, value, mayEdit, label }: TProps) => {
  const [draft, setDraft] = useState<string | null>(null);
  const [state, setState] = useState<TState>({ kind: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const cell = useRef<HTMLTableCellElement>(null);
  const save = useResourceMutation<number, unknown>({
    mutationFn: (amount) => update(type, id, { [field]: amount }),
    invalidates: [type],
    onSuccess: () => setState({ kind: "saved" }),
    refusal: () => true,
    onFailure: (_action, error) =>
      setState({ kind: "error", message: messageOf(error) ?? "was not saved: try again" }),
  });
  // Opened by Enter, F2 or a click the value is selected (typing replaces it); opened by a digit the caret follows it.
  const selectOnOpen = useRef(true);
  const editing = draft !== null;
  useEffect(() => {
    if (!editing) return;
    const el = input.current;
    if (!el) return;
    el.focus();
    if (selectOnOpen.current) el.select();
    else el.setSelectionRange(el.value.length, el.value.length);
  }, [editing]);
  const open = (text: string, select: boolean) => {
    selectOnOpen.current = select;
    setDraft(text);
  };
  useEffect(() => {
    if (state.kind !== "saved") return;
    const t = setTimeout(() => setState({ kind: "idle" }), 2500);
    return () => clearTimeout(t);
  }, [state]);

  const commit = () => {
    if (draft === null) return;
    const text = draft.replace(/[\s,]/g, "");
    setDraft(null);
    if (text === String(value)) return;
    const amount = Number(text);
    if (text === "" || !Number.isInteger(amount) || amount < 0) {
      setState({ kind: "error", message: "must be a whole, non-negative amount" });
      return;
    }
    void save.mutateAsync(amount).catch(() => undefined);
  };
  const move = (dr: number, dc: number) => focusCell(grid, row + dr, col + dc);

  const onCellKey = (e: KeyboardEvent<HTMLTableCellElement>) => {
    if (draft !== null) return;
    const step = MOVES[e.key];
    if (step) {
      e.preventDefault();
      move(step[0], step[1]);
    } else if (mayEdit && (e.key === "Enter" || e.key === "F2")) {
      e.preventDefault();
      open(String(value), true);
    } else if (mayEdit && /^[0-9]$/.test(e.key)) {
      e.preventDefault();
      open(e.key, false);
    }
  };
  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      commit();
      if (!move(1, 0)) cell.current?.focus();
    } else if (e.key === "Escape") {
      e.preventDefault();
      setDraft(null);
      cell.current?.focus();
    } else if (e.key === "Tab") {
      commit();
    }
  };

  const shown = save.isPending && save.variables !== undefined ? save.variables : value;
  const status =
    state.kind === "error" ? "error" : save.isPending ? "saving" : state.kind === "saved" ? "saved" : "idle";
  return (
    <td
      ref={cell}
      tabIndex={0}
      className={classes.cell}
      data-grid={grid}
      data-row={row}
      data-col={col}
      data-state={status}
      data-testid={`${grid}-cell-${row}-${col}`}
      aria-label={`${label}: ${formatAmount(shown)}`}
      onKeyDown={onCellKey}
      onClick={() => mayEdit && draft === null && open(String(value), true)}
    >
      {draft !== null ? (
        <input
          ref={input}
          className={classes.input}
          inputMode="numeric"
          aria-label={label}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={onInputKey}
        />
      ) : (
        <span className={classes.value}>
          {formatAmount(shown)}
          {status === "saving" && <Loader size={10} className={classes.mark} />}
          {status === "saved" && (
            <IconCheck
              size={12}
              className={classes.mark}
              color="var(--mantine-color-teal-7)"
              aria-label="saved"
            />
          )}
          {state.kind === "error" && (
            <Tooltip label={state.message} withArrow opened>
              <IconAlertCircle
                size={12}
                className={classes.mark}
                color="var(--mantine-color-red-7)"
                aria-label={`not saved: ${state.message}`}
              />
            </Tooltip>
          )}
        </span>
      )}
    </td>
  );
};

/** The server's words for a refused value (a 422 names the field). */
const messageOf = (error: unknown): string | undefined =>
  isApiError(error) ? error.apiErrors.map((e) => e.detail || e.title).find(Boolean) : undefined;
