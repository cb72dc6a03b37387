import { attributeOf, relationshipOf, resourceByType, type TResourceDef } from "@crew/contracts";
import type { TVersionAttributes } from "../../api";
import { fieldKindView } from "../fields/field-kinds";
import { isBlankValue, textOf } from "../format";

/** One changed field of a version, worded for people: "Name: Anna → Anna B". */
export interface TChangeLine {
  column: string;
  label: string;
  before: string;
  after: string;
}

export const REDACTED = "[redacted]";
/** Columns every row has that say nothing to a person. */
const HIDDEN_COLUMNS = new Set(["id", "created_at", "updated_at"]);

const humanize = (column: string): string => {
  const words = column.replace(/_/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : column;
};

/**
 * The label of a stored column: the definition's attribute, a to-one relationship by its
 * foreign key (`vendor_type_id`), a secret kept under another name (`password_hash` is the
 * password), else the column in words.
 */
export const columnLabel = (def: TResourceDef | undefined, column: string): string => {
  if (!def) return humanize(column);
  const attribute = attributeOf(def, column);
  if (attribute) return attribute.label;
  const relationship = column.endsWith("_id") ? relationshipOf(def, column.slice(0, -3)) : undefined;
  if (relationship) return relationship.label;
  const secret = /^(.*)_(hash|digest|encrypted|ciphertext)$/.exec(column)?.[1];
  const secretAttribute = secret ? attributeOf(def, secret) : undefined;
  return secretAttribute?.label ?? humanize(column);
};

/** A stored value as its field kind writes it; a foreign key as `#id`. */
export const columnValue = (def: TResourceDef | undefined, column: string, value: unknown): string => {
  if (value === REDACTED) return REDACTED;
  if (isBlankValue(value)) return "—";
  const attribute = def ? attributeOf(def, column) : undefined;
  if (attribute) {
    const text = fieldKindView(attribute.kind).text(attribute, value);
    return text === "" ? "—" : text;
  }
  if (column.endsWith("_id") && (typeof value === "number" || typeof value === "string")) return `#${value}`;
  return typeof value === "object" ? JSON.stringify(value) : textOf(value, "—");
};

/**
 * The lines of one version: every changed column but the bookkeeping ones, labelled and
 * formatted with the item type's definition (an applicant's sea service uses its own).
 * A creation lists what was set, a deletion what was there.
 */
export const versionLines = (version: TVersionAttributes): TChangeLine[] => {
  const def = resourceByType(version.item_type);
  return Object.entries(version.changes ?? {}).flatMap(([column, pair]) => {
    if (HIDDEN_COLUMNS.has(column) || !Array.isArray(pair)) return [];
    const [before, after] = pair;
    if (version.event === "create" && isBlankValue(after)) return [];
    if (version.event === "delete" && isBlankValue(before)) return [];
    return [
      {
        column,
        label: columnLabel(def, column),
        before: columnValue(def, column, before),
        after: columnValue(def, column, after),
      },
    ];
  });
};

/** "Created", "Updated", "Deleted". */
export const eventLabel = (event: TVersionAttributes["event"]): string =>
  event === "create" ? "Created" : event === "delete" ? "Deleted" : "Updated";

/** What a version is about when it is not the record itself: "Experience #12". */
export const itemLabel = (version: TVersionAttributes, ownType: string): string | null => {
  if (version.item_type === ownType) return null;
  const def = resourceByType(version.item_type);
  return `${def?.label.one ?? humanize(version.item_type)} #${version.item_id}`;
};
