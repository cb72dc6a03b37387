import { Group, Stack, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import type { TColumn } from "./columns";
import { CardsSkeleton } from "./ListStates";
import classes from "./list.module.css";

export interface TListCardsProps {
  columns: readonly TColumn[];
  records: readonly TResourceRecord[] | undefined;
  included: TIncluded;
  fetching: boolean;
  detailsHref?: (record: TResourceRecord) => string | undefined;
  rowActions?: (record: TResourceRecord) => ReactNode;
}

const isBlank = (node: ReactNode): boolean => node === "" || node === null || node === undefined;

/** Narrow screens: each record as a card (name, then label/value lines) instead of a wide table. */
export const ListCards = ({ columns, records, included, fetching, detailsHref, rowActions }: TListCardsProps) => {
  if (!records) return <CardsSkeleton />;
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const rest = columns.filter((c) => c !== primary);
  return (
    <div className={fetching ? classes.fetching : undefined}>
      {records.map((record) => {
        const title = primary?.render(record, included);
        const href = detailsHref?.(record);
        return (
          <div key={record.id} className={classes.card} data-testid="list-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={4} miw={0} style={{ flex: 1 }}>
                {href && typeof title === "string" ? (
                  <Link to={href} className={classes.primaryLink}>
                    {title}
                  </Link>
                ) : (
                  <Text fw={600} size="sm">
                    {isBlank(title) ? "—" : title}
                  </Text>
                )}
                <div className={classes.cardFields}>
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
              {rowActions?.(record)}
            </Group>
          </div>
        );
      })}
    </div>
  );
};
