import type { TResourceIdentifier, TResourceObject } from "@crew/contracts";
import {
  byPriority,
  cellKey,
  num,
  rankOf,
  str,
  type TOwnerMatrixModel,
} from "../matrix-kernel/matrix-kernel";

/** A document matrix as the screens hold it: ranks (rows), documents (columns, in order) and cells. */
export interface TMatrixColumn {
  documentId: number;
  title: string;
  stcw: string | null;
  groupName: string;
}
export interface TMatrixCell {
  months: number;
  required: boolean;
}
/** Cells by `${rankId}:${documentId}` (cellKey). */
export type TMatrixModel = TOwnerMatrixModel<TMatrixColumn, TMatrixCell>;

const linked = (r: TResourceObject, name: string): TResourceIdentifier | null => {
  const data = r.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data : null;
};

/** A document kind record (applicant-documents) as a matrix column. */
export const columnOf = (r: TResourceObject, groupName = ""): TMatrixColumn => ({
  documentId: Number(r.id),
  title: str(r.attributes.title),
  stcw: str(r.attributes.stcw_reference) || null,
  groupName,
});

/** GET owner_groups/{id}?include=roles,documents.document,items as the model. */
export const modelOf = (data: TResourceObject, included: readonly TResourceObject[]): TMatrixModel => {
  const find = (type: string, id: string) => included.find((r) => r.type === type && r.id === id);
  const roleIds = data.relationships?.roles?.data;
  const ranks = (Array.isArray(roleIds) ? roleIds : [])
    .flatMap((ref) => {
      const r = find("ranks", ref.id);
      return r ? [rankOf(r)] : [];
    })
    .sort(byPriority);
  const groupItems = included
    .filter((r) => r.type === "group_items")
    .sort((a, b) => num(a.attributes.group_order) - num(b.attributes.group_order));
  const documentOfItem = new Map<string, number>();
  const columns = groupItems.flatMap((g) => {
    const ref = linked(g, "document");
    const kind = ref ? find("applicant-documents", ref.id) : undefined;
    if (!ref) return [];
    documentOfItem.set(g.id, Number(ref.id));
    return [
      kind
        ? columnOf(kind, str(g.attributes.group_name))
        : {
            documentId: Number(ref.id),
            title: `#${ref.id}`,
            stcw: null,
            groupName: str(g.attributes.group_name),
          },
    ];
  });
  const cells = new Map<string, TMatrixCell>();
  for (const item of included.filter((r) => r.type === "items")) {
    const role = linked(item, "role");
    const column = linked(item, "group_item");
    const documentId = column ? documentOfItem.get(column.id) : undefined;
    if (!role || documentId === undefined) continue;
    cells.set(cellKey(Number(role.id), documentId), {
      months: num(item.attributes.months_required),
      required: item.attributes.required !== false,
    });
  }
  return { title: str(data.attributes.title), ranks, columns, cells };
};

/** The model as the create_matrix / edit_matrix body (cells only on the matrix's ranks and documents). */
export const bodyOf = (m: TMatrixModel) => {
  const ranks = new Set(m.ranks.map((r) => r.id));
  const docs = new Set(m.columns.map((c) => c.documentId));
  return {
    title: m.title.trim(),
    role_ids: m.ranks.map((r) => r.id),
    documents: m.columns.map((c) => ({ document_id: c.documentId, group_name: c.groupName.trim() })),
    items: [...m.cells.entries()].flatMap(([key, cell]) => {
      const [role, doc] = key.split(":").map(Number);
      return role !== undefined && doc !== undefined && ranks.has(role) && docs.has(doc)
        ? [{ role_id: role, document_id: doc, months_required: cell.months, required: cell.required }]
        : [];
    }),
  };
};

/** Column groups in order, for the grid's two-row header: consecutive columns of one group merge. */
export const headerGroups = (columns: readonly TMatrixColumn[]): { name: string; span: number }[] => {
  const out: { name: string; span: number }[] = [];
  for (const c of columns) {
    const last = out[out.length - 1];
    if (last && last.name === c.groupName) last.span += 1;
    else out.push({ name: c.groupName, span: 1 });
  }
  return out;
};
