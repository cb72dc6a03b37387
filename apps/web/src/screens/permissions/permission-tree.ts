import type { TResourceRecord } from "../../resources/data/resource-types";
import { textOf } from "../../resources/format";

export const PERMISSION_FLAGS = ["enable", "can_read", "can_create", "can_update", "can_delete"] as const;
export type TPermissionFlag = (typeof PERMISSION_FLAGS)[number];

export const FLAG_LABELS: Record<TPermissionFlag, string> = {
  enable: "Enabled",
  can_read: "Read",
  can_create: "Create",
  can_update: "Update",
  can_delete: "Delete",
};

export interface TPermissionRow {
  id: string;
  item: string;
  key: string;
  type: "section" | "model";
  depth: number;
  flags: Record<TPermissionFlag, boolean>;
}

const flagsOf = ({ attributes: a }: TResourceRecord): Record<TPermissionFlag, boolean> => ({
  enable: a.enable === true,
  can_read: a.can_read === true,
  can_create: a.can_create === true,
  can_update: a.can_update === true,
  can_delete: a.can_delete === true,
});

/**
 * Permission records (spec 000 3.4) as rows in tree order: every parent followed by its
 * children, indented by depth, siblings by item. A record whose parent is missing from the
 * answer is shown at the top level rather than lost.
 */
export const permissionRows = (records: readonly TResourceRecord[]): TPermissionRow[] => {
  const ids = new Set(records.map((r) => r.id));
  const children = new Map<string, TResourceRecord[]>();
  for (const record of records) {
    const parent = textOf(record.attributes.parent_id);
    const parentKey = ids.has(parent) ? parent : "";
    children.set(parentKey, [...(children.get(parentKey) ?? []), record]);
  }
  const byItem = (a: TResourceRecord, b: TResourceRecord) =>
    textOf(a.attributes.item).localeCompare(textOf(b.attributes.item));
  const rows: TPermissionRow[] = [];
  const walk = (parentKey: string, depth: number, seen: Set<string>) => {
    for (const record of [...(children.get(parentKey) ?? [])].sort(byItem)) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      rows.push({
        id: record.id,
        item: textOf(record.attributes.item),
        key: textOf(record.attributes.key, textOf(record.attributes.item)),
        type: record.attributes.permission_type === "section" ? "section" : "model",
        depth,
        flags: flagsOf(record),
      });
      walk(record.id, depth + 1, seen);
    }
  };
  walk("", 0, new Set());
  return rows;
};

/** Rows whose item or key contains the text, with their ancestors so the tree still reads. */
export const matchingRows = (rows: readonly TPermissionRow[], text: string): TPermissionRow[] => {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  const keep = new Set<number>();
  rows.forEach((row, index) => {
    if (!row.item.toLowerCase().includes(needle) && !row.key.toLowerCase().includes(needle)) return;
    keep.add(index);
    let depth = row.depth;
    for (let i = index - 1; i >= 0 && depth > 0; i--) {
      const candidate = rows[i];
      if (candidate && candidate.depth < depth) {
        keep.add(i);
        depth = candidate.depth;
      }
    }
  });
  return rows.filter((_, index) => keep.has(index));
};

/** "crewUserStatus" reads "Crew user status". */
export const humanize = (item: string): string => {
  const words = item
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
