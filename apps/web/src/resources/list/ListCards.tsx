import type { ReactNode } from "react";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import type { TColumn } from "./columns";
import { CardsSkeleton } from "./ListStates";
import { RecordCardContent } from "./RecordCard";
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
}

/** Narrow screens: each record as a card instead of a wide table. */
export const ListCards = ({ columns, records, included, fetching, detailsHref, rowActions, renderCards }: TListCardsProps) => {
  if (!records) return <CardsSkeleton />;
  return (
    <div className={fetching ? classes.fetching : undefined}>
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
              />
            </div>
          ))}
    </div>
  );
};
