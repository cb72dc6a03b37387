import { ActionIcon, Menu } from "@mantine/core";
import { IconArrowsSort, IconCheck, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { TSort } from "../list-state/list-query";
import type { TColumn } from "./columns";

/** Phones show cards, not column headers: the sort toggles of the headers live in this menu. */
export const SortMenu = ({
  columns,
  sort,
  onSort,
}: {
  columns: readonly TColumn[];
  sort: TSort;
  onSort: (field: string) => void;
}) => {
  const sortable = columns.filter((c): c is TColumn & { sortField: string } => Boolean(c.sortField));
  if (!sortable.length) return null;
  const Direction = sort.order === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="default" size="input-sm" aria-label="Sort">
          <IconArrowsSort size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Sort by</Menu.Label>
        {sortable.map((column) => {
          const active = sort.field === column.sortField;
          return (
            <Menu.Item
              key={column.key}
              onClick={() => onSort(column.sortField)}
              leftSection={
                active ? <IconCheck size={14} /> : <span style={{ width: 14, display: "inline-block" }} />
              }
              rightSection={
                active ? (
                  <Direction size={14} aria-label={sort.order === "asc" ? "ascending" : "descending"} />
                ) : null
              }
              fw={active ? 600 : undefined}
            >
              {column.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
};
