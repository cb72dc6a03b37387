import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import type { TColumn } from "./columns";
import type { TRowSelection } from "./row-selection";
import { SelectRowCell } from "./SelectControls";
import classes from "./list.module.css";

export interface TRowProps {
  record: TResourceRecord;
  columns: readonly TColumn[];
  included: TIncluded;
  /** Where the record's name links to (its details), when the user may open them. */
  detailsHref?: string;
  actions?: ReactNode;
  /** A checkbox cell first, for bulk actions. */
  selection?: TRowSelection;
  /** The record's name, for the checkbox's label. */
  name?: string;
}

const Empty = () => (
  <Text span c="dimmed" aria-label="empty">
    —
  </Text>
);

/** The cells of one record, shared by the plain table and the drag-and-drop one. */
export const RecordCells = ({
  record,
  columns,
  included,
  detailsHref,
  actions,
  selection,
  name,
}: TRowProps) => (
  <>
    {selection ? <SelectRowCell selection={selection} id={record.id} name={name ?? `#${record.id}`} /> : null}
    {columns.map((column) => {
      const content = column.render(record, included);
      const shown = content === "" || content === null || content === undefined ? <Empty /> : content;
      return (
        <Table.Td key={column.key} ta={column.align} w={column.width} data-column={column.key}>
          {column.primary && detailsHref && typeof content === "string" && content !== "" ? (
            <Link to={detailsHref} className={classes.primaryLink}>
              {content}
            </Link>
          ) : column.primary ? (
            <Text span fw={600} size="sm">
              {shown}
            </Text>
          ) : (
            shown
          )}
        </Table.Td>
      );
    })}
    {actions !== undefined ? <Table.Td className={classes.actionsCell}>{actions}</Table.Td> : null}
  </>
);
