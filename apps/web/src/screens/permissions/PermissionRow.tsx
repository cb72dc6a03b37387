import { Badge, Group, Switch, Table, Text } from "@mantine/core";
import {
  FLAG_LABELS,
  humanize,
  PERMISSION_FLAGS,
  type TPermissionFlag,
  type TPermissionRow,
} from "./permission-tree";
import classes from "./permissions.module.css";

export interface TPermissionRowProps {
  row: TPermissionRow;
  editable: boolean;
  onToggle: (id: string, flag: TPermissionFlag, value: boolean) => void;
}

/** A section is switched on or off as a whole; only models carry read/create/update/delete. */
const appliesTo = (row: TPermissionRow, flag: TPermissionFlag): boolean =>
  flag === "enable" || row.type === "model";

const FlagSwitch = ({
  row,
  flag,
  editable,
  onToggle,
  withLabel,
}: TPermissionRowProps & { flag: TPermissionFlag; withLabel?: boolean }) => (
  <Switch
    size="sm"
    checked={row.flags[flag]}
    disabled={!editable}
    label={withLabel ? FLAG_LABELS[flag] : undefined}
    aria-label={`${FLAG_LABELS[flag]}: ${row.key}`}
    onChange={(e) => onToggle(row.id, flag, e.currentTarget.checked)}
    classNames={{ body: classes.switchBody }}
  />
);

const ItemName = ({ row }: { row: TPermissionRow }) => (
  <div style={{ paddingLeft: row.depth * 24 }} className={row.depth ? classes.child : undefined}>
    <Text size="sm" fw={row.depth ? 500 : 600}>
      {humanize(row.item)}
    </Text>
    <Text size="xs" c="dimmed" ff="monospace">
      {row.key}
    </Text>
  </div>
);

export const PermissionTableRow = (props: TPermissionRowProps) => {
  const { row } = props;
  return (
    <Table.Tr data-testid="permission-row" data-depth={row.depth}>
      <Table.Td>
        <ItemName row={row} />
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color={row.type === "section" ? "orange" : "gray"} radius="sm" size="sm">
          {row.type}
        </Badge>
      </Table.Td>
      {PERMISSION_FLAGS.map((flag) => (
        <Table.Td key={flag}>
          <Group justify="center">
            {appliesTo(row, flag) ? <FlagSwitch {...props} flag={flag} /> : <Text c="dimmed">—</Text>}
          </Group>
        </Table.Td>
      ))}
    </Table.Tr>
  );
};

export const PermissionRowCard = (props: TPermissionRowProps) => {
  const { row } = props;
  return (
    <div className={classes.card} data-testid="permission-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <ItemName row={row} />
        <Badge variant="outline" color={row.type === "section" ? "orange" : "gray"} radius="sm" size="sm">
          {row.type}
        </Badge>
      </Group>
      <Group gap="md" mt="xs" style={{ paddingLeft: row.depth * 24 }}>
        {PERMISSION_FLAGS.filter((flag) => appliesTo(row, flag)).map((flag) => (
          <FlagSwitch key={flag} {...props} flag={flag} withLabel />
        ))}
      </Group>
    </div>
  );
};
