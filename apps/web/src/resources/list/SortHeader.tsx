import { Table, UnstyledButton } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { TSort } from "../list-state/list-query";
import type { TColumn } from "./columns";
import classes from "./list.module.css";

/** A column header; a sortable one is a button telling screen readers the current order. */
export const SortHeader = ({
  column,
  sort,
  onSort,
}: {
  column: TColumn;
  sort: TSort;
  onSort: (field: string) => void;
}) => {
  const field = column.sortField;
  if (!field) {
    return (
      <Table.Th w={column.width} ta={column.align}>
        {column.label}
      </Table.Th>
    );
  }
  const active = sort.field === field;
  const Icon = !active ? IconArrowsSort : sort.order === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th
      w={column.width}
      aria-sort={active ? (sort.order === "asc" ? "ascending" : "descending") : "none"}
      className={classes.sortableTh}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-active={active || undefined}
        data-align={column.align}
        onClick={() => onSort(field)}
      >
        <span>{column.label}</span>
        <Icon size={14} stroke={1.8} className={classes.sortIcon} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
};
