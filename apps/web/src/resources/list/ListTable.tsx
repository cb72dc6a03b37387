import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import type { TSort } from "../list-state/list-query";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import type { TColumn } from "./columns";
import { RecordCells } from "./RecordCells";
import { SortHeader } from "./SortHeader";
import { TableSkeleton } from "./ListStates";
import type { TRowSelection } from "./row-selection";
import { SelectPageHeader } from "./SelectControls";
import classes from "./list.module.css";

export interface TListTableProps {
  columns: readonly TColumn[];
  records: readonly TResourceRecord[] | undefined;
  included: TIncluded;
  sort: TSort;
  onSort: (field: string) => void;
  /** Records of a previous query are on screen while the next loads. */
  fetching: boolean;
  detailsHref?: (record: TResourceRecord) => string | undefined;
  rowActions?: (record: TResourceRecord) => ReactNode;
  /** Replaces the body (the ranks table wraps it in a drop zone); gets the records to show. */
  renderBody?: (records: readonly TResourceRecord[]) => ReactNode;
  /** Extra header cell before the columns (a drag handle column). */
  leadingHeader?: ReactNode;
  /** A checkbox column for bulk actions. */
  selection?: TRowSelection;
  nameOf?: (record: TResourceRecord) => string;
}

/**
 * Below this width the table scrolls sideways: each column's own width, 140 px for one that
 * declares none. A flat 150 px a column made the seafarer list (11 columns, several of them
 * narrow) 1650 px wide, wider than a 1440 px window (issue 22.20).
 */
const minTableWidth = (columns: readonly TColumn[]): number =>
  Math.max(
    560,
    columns.reduce((sum, c) => sum + (typeof c.width === "number" ? c.width : 140), 0),
  );

export const ListTable = ({
  columns,
  records,
  included,
  sort,
  onSort,
  fetching,
  detailsHref,
  rowActions,
  renderBody,
  leadingHeader,
  selection,
  nameOf,
}: TListTableProps) => (
  <Table.ScrollContainer minWidth={minTableWidth(columns)} type="native">
    <Table
      verticalSpacing="sm"
      horizontalSpacing="md"
      highlightOnHover
      className={fetching ? classes.fetching : undefined}
    >
      <Table.Thead className={classes.head}>
        <Table.Tr>
          {leadingHeader}
          {selection ? <SelectPageHeader selection={selection} /> : null}
          {columns.map((column) => (
            <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
          ))}
          {rowActions ? (
            <Table.Th className={classes.actionsCell}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      {!records ? (
        <TableSkeleton
          columns={columns.length + (rowActions ? 1 : 0) + (leadingHeader ? 1 : 0) + (selection ? 1 : 0)}
        />
      ) : renderBody ? (
        renderBody(records)
      ) : (
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id}>
              <RecordCells
                record={record}
                columns={columns}
                included={included}
                detailsHref={detailsHref?.(record)}
                actions={rowActions?.(record)}
                selection={selection}
                name={nameOf?.(record)}
              />
            </Table.Tr>
          ))}
        </Table.Tbody>
      )}
    </Table>
  </Table.ScrollContainer>
);
