import { resourceByType, type TResourceDef } from "@crew/contracts";
import type { ReactNode } from "react";
import { FieldCell, fieldKindView } from "../fields/field-kinds";
import { formatValue, isBlankValue } from "../format";
import type { TIncluded, TResourceRecord, TSelectOption } from "../data/resource-types";

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
  /** '' (or null) for nothing to show: the table shows a dash, the card leaves the line out. */
  render: (record: TResourceRecord, included: TIncluded) => ReactNode;
}

const titleOfIncluded = (included: TIncluded, type: string, id: string): string | undefined => {
  const related = included.get(`${type}:${id}`);
  if (!related) return undefined;
  const value = related.attributes[resourceByType(type)?.titleAttribute ?? "title"];
  return typeof value === "string" ? value : `#${related.id}`;
};

/**
 * Title of the record a to-one relationship points at: from `included`, else the title the
 * server serves with the relationship (`meta.title`, for a reader who may pick but not read the
 * linked type: docs/decisions.md "Linked titles").
 */
export const relatedTitle = (record: TResourceRecord, name: string, included: TIncluded): string => {
  const relationship = record.relationships?.[name];
  const data = relationship?.data;
  if (!data || Array.isArray(data)) return "";
  return titleOfIncluded(included, data.type, data.id) ?? relationship.meta?.title ?? "";
};

/** The records a to-many relationship points at, named from `included` (`#id` when not included). */
export const relatedTitles = (
  record: TResourceRecord,
  name: string,
  included: TIncluded,
): TSelectOption[] => {
  const data = record.relationships?.[name]?.data;
  if (!Array.isArray(data)) return [];
  return data.map((d) => ({ value: d.id, label: titleOfIncluded(included, d.type, d.id) ?? `#${d.id}` }));
};

/**
 * Columns from the definition: every `list` attribute in its order (the title first), each
 * drawn by its field kind's Cell, then the relationships. A screen may add or replace
 * columns; the rest stays generic.
 */
export const columnsOf = (def: TResourceDef): TColumn[] => {
  const attributes = Object.entries(def.attributes).filter(([, a]) => a.list && !a.writeOnly);
  attributes.sort(([a], [b]) => Number(b === def.titleAttribute) - Number(a === def.titleAttribute));
  const columns: TColumn[] = attributes.map(([name, attr]) => {
    const view = fieldKindView(attr.kind);
    const primary = name === def.titleAttribute;
    return {
      key: name,
      label: attr.label,
      sortField: attr.sortable ? name : undefined,
      primary,
      align: view.align ?? "left",
      width: view.width,
      render: (record) => {
        const value = record.attributes[name];
        if (isBlankValue(value)) return "";
        // The name stays text: it becomes the link to the record's details.
        return primary ? (
          formatValue(attr, value)
        ) : (
          <FieldCell name={name} attr={attr} value={value} record={record} />
        );
      },
    };
  });
  const relationships = Object.entries(def.relationships ?? {}).filter(
    ([, r]) => r.cardinality === "one" || !r.readOnly,
  );
  const firstDate = columns.findIndex((c) => def.attributes[c.key]?.kind === "datetime");
  const relationColumns: TColumn[] = relationships.map(([name, rel]) => ({
    key: name,
    label: rel.label,
    render: (record, included) =>
      rel.cardinality === "one"
        ? relatedTitle(record, name, included)
        : relatedTitles(record, name, included)
            .map((o) => o.label)
            .join(", "),
  }));
  // Timestamps read best at the end of a row.
  if (firstDate >= 0) columns.splice(firstDate, 0, ...relationColumns);
  else columns.push(...relationColumns);
  return columns;
};
