import { Checkbox, Table } from "@mantine/core";
import classes from "./list.module.css";
import type { TRowSelection } from "./row-selection";

/** Chooses every row of the page (or none, when all are chosen). */
export const SelectPageBox = ({ selection, label }: { selection: TRowSelection; label?: string }) => (
  <Checkbox
    size="xs"
    aria-label={label ? undefined : "Select all on this page"}
    label={label}
    checked={selection.pageState === "all"}
    indeterminate={selection.pageState === "some"}
    onChange={selection.togglePage}
  />
);

/** The header cell that chooses every row of the page. */
export const SelectPageHeader = ({ selection }: { selection: TRowSelection }) => (
  <Table.Th className={classes.selectCell}>
    <SelectPageBox selection={selection} />
  </Table.Th>
);

export const SelectRowBox = ({
  selection,
  id,
  name,
}: {
  selection: TRowSelection;
  id: string;
  name: string;
}) => (
  <Checkbox
    size="xs"
    aria-label={`Select ${name}`}
    checked={selection.isSelected(id)}
    onChange={() => selection.toggle(id)}
  />
);

export const SelectRowCell = (props: { selection: TRowSelection; id: string; name: string }) => (
  <Table.Td className={classes.selectCell}>
    <SelectRowBox {...props} />
  </Table.Td>
);
