import { Group, Stack, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import type { TColumn } from "./columns";
import classes from "./list.module.css";

export interface TRecordCardProps {
  record: TResourceRecord;
  columns: readonly TColumn[];
  included: TIncluded;
  detailsHref?: string;
  actions?: ReactNode;
  /** Before the name (a drag handle). */
  leading?: ReactNode;
  /** First of all, a checkbox for bulk actions. */
  select?: ReactNode;
}

const isBlank = (node: ReactNode): boolean => node === "" || node === null || node === undefined;

/** One record on a narrow screen: its name, then label/value lines, actions on the right. */
export const RecordCardContent = ({
  record,
  columns,
  included,
  detailsHref,
  actions,
  leading,
  select,
}: TRecordCardProps) => {
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const rest = columns.filter((c) => c !== primary);
  const title = primary?.render(record, included);
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
        {select}
        {leading}
        <div style={{ flex: 1, minWidth: 0 }}>
          {detailsHref && typeof title === "string" ? (
            <Link to={detailsHref} className={classes.primaryLink}>
              {title}
            </Link>
          ) : (
            <Text fw={600} size="sm" component="div">
              {isBlank(title) ? "—" : title}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {/* Below the name row the fields get the card's full width (no wrapped dates). */}
      <div className={classes.cardFields} data-indented={leading || select ? true : undefined}>
        {rest.map((column) => {
          const value = column.render(record, included);
          if (isBlank(value)) return null;
          return (
            <Fragment key={column.key}>
              <Text size="xs" c="dimmed">
                {column.label}
              </Text>
              <Text size="sm" component="div" miw={0} style={{ overflowWrap: "anywhere" }}>
                {value}
              </Text>
            </Fragment>
          );
        })}
      </div>
    </Stack>
  );
};
