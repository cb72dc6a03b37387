import type { ReactNode } from "react";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import type { TColumn } from "./columns";
import { CardsSkeleton } from "./ListStates";
import { RecordCardContent } from "./RecordCard";
import type { TRowSelection } from "./row-selection";
import { SelectPageBox, SelectRowBox } from "./SelectControls";
import classes from "./list.module.css";

export interface TListCardsProps {
  columns: readonly TColumn[];
  records: readonly TResourceRecord[] | undefined;
  included: TIncluded;
  fetching: boolean;
  detailsHref?: (record: TResourceRecord) => string | undefined;
  rowActions?: (record: TResourceRecord) => ReactNode;
  /** Replaces the cards (ranks wrap them in a drop zone); gets the records to show. */
  renderCards?: (records: readonly TResourceRecord[]) => ReactNode;
  selection?: TRowSelection;
  nameOf?: (record: TResourceRecord) => string;
}

/** Narrow screens: each record as a card instead of a wide table. */
export const ListCards = ({
  columns,
  records,
  included,
  fetching,
  detailsHref,
  rowActions,
  renderCards,
  selection,
  nameOf,
}: TListCardsProps) => {
  if (!records) return <CardsSkeleton />;
  return (
    <div className={fetching ? classes.fetching : undefined}>
      {/* Cards have no header row: choosing the whole page sits above them. */}
      {selection ? (
        <div className={classes.card}>
          <SelectPageBox selection={selection} label="Select all on this page" />
        </div>
      ) : null}
      {renderCards
        ? renderCards(records)
        : records.map((record) => (
            <div key={record.id} className={classes.card} data-testid="list-card">
              <RecordCardContent
                record={record}
                columns={columns}
                included={included}
                detailsHref={detailsHref?.(record)}
                actions={rowActions?.(record)}
                select={
                  selection ? (
                    <SelectRowBox
                      selection={selection}
                      id={record.id}
                      name={nameOf?.(record) ?? `#${record.id}`}
                    />
                  ) : undefined
                }
              />
            </div>
          ))}
    </div>
  );
};
