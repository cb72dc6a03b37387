import { resourceByType, type TResourceDef } from "@crew/contracts";
import type { ReactNode } from "react";
import { formatValue } from "../format";
import type { TIncluded, TResourceRecord } from "../data/resource-types";

/** One column of a generic list; `sortField` makes its header a sort toggle. */
export interface TColumn {
  key: string;
  label: string;
  sortField?: string;
  /** The record's name: links to its details and heads its card on narrow screens. */
  primary?: boolean;
  /** Numbers and dates line up on the right. */
  align?: "left" | "right";
  width?: number | string;
  render: (record: TResourceRecord, included: TIncluded) => ReactNode;
}

/** Title of the record a to-one relationship points at, from `included`. */
export const relatedTitle = (record: TResourceRecord, name: string, included: TIncluded): string => {
  const data = record.relationships?.[name]?.data;
  if (!data || Array.isArray(data)) return "";
  const related = included.get(`${data.type}:${data.id}`);
  const value = related?.attributes[resourceByType(data.type)?.titleAttribute ?? "title"];
  return typeof value === "string" ? value : related ? `#${related.id}` : "";
};

/**
 * Columns from the definition: every `list` attribute in its order (the title first), then
 * the to-one relationships. A screen may add or replace columns; the rest stays generic.
 */
export const columnsOf = (def: TResourceDef): TColumn[] => {
  const attributes = Object.entries(def.attributes).filter(([, a]) => a.list && !a.writeOnly);
  attributes.sort(([a], [b]) => Number(b === def.titleAttribute) - Number(a === def.titleAttribute));
  const columns: TColumn[] = attributes.map(([name, attr]) => ({
    key: name,
    label: attr.label,
    sortField: attr.sortable ? name : undefined,
    primary: name === def.titleAttribute,
    align: attr.kind === "number" ? "right" : "left",
    width: attr.kind === "datetime" ? 160 : attr.kind === "date" ? 120 : undefined,
    render: (record) => formatValue(attr, record.attributes[name]),
  }));
  const relationships = Object.entries(def.relationships ?? {}).filter(([, r]) => r.cardinality === "one");
  const firstDate = columns.findIndex((c) => def.attributes[c.key]?.kind === "datetime");
  const relationColumns: TColumn[] = relationships.map(([name, rel]) => ({
    key: name,
    label: rel.label,
    render: (record, included) => relatedTitle(record, name, included),
  }));
  // Timestamps read best at the end of a row.
  if (firstDate >= 0) columns.splice(firstDate, 0, ...relationColumns);
  else columns.push(...relationColumns);
  return columns;
};
