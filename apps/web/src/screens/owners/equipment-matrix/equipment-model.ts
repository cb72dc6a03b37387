import type { TResourceObject } from "@crew/contracts";
import {
  byPriority,
  cellKey,
  num,
  rankOf,
  refId,
  str,
  type TOwnerMatrixModel,
} from "../matrix-kernel/matrix-kernel";

/** An item (column) of an equipment matrix with its unit price. */
export interface TEquipmentColumn {
  optionId: number;
  title: string;
  price: number;
  /** The matrix_prices row (absent in a form's new column). */
  priceId?: string;
}
/** A quantity, with the matrix_items id where the cell exists. */
export interface TEquipmentCell {
  qty: number;
  id?: string;
}
/** Cells by `${rankId}:${optionId}` (cellKey). */
export type TEquipmentModel = TOwnerMatrixModel<TEquipmentColumn, TEquipmentCell>;

/** GET owner_matrices/{id}?include=roles,prices.equipment_option,items as the model. */
export const modelOf = (data: TResourceObject, included: readonly TResourceObject[]): TEquipmentModel => {
  const find = (type: string, id: string) => included.find((r) => r.type === type && r.id === id);
  const ids = (name: string) => {
    const d = data.relationships?.[name]?.data;
    return Array.isArray(d) ? d : [];
  };
  const ranks = ids("roles")
    .map((r) => find("ranks", r.id))
    .filter((r): r is TResourceObject => r !== undefined)
    .map(rankOf)
    .sort(byPriority);
  const columns = ids("prices")
    .map((p) => find("matrix_prices", p.id))
    .filter((p): p is TResourceObject => p !== undefined)
    .sort((a, b) => num(a.attributes.position) - num(b.attributes.position))
    .map((p) => ({
      optionId: Number(refId(p, "equipment_option")),
      title: str(p.attributes.equipment_title),
      price: num(p.attributes.price),
      priceId: p.id,
    }));
  const cells = new Map<string, TEquipmentCell>();
  for (const ref of ids("items")) {
    const c = find("matrix_items", ref.id);
    if (c)
      cells.set(cellKey(Number(refId(c, "role")), Number(refId(c, "equipment_option"))), {
        qty: num(c.attributes.qty),
        id: c.id,
      });
  }
  return { title: str(data.attributes.title), ranks, columns, cells };
};

/** The model as the create_matrix / edit_matrix body (an empty or 0 cell is none). */
export const bodyOf = (m: TEquipmentModel) => ({
  title: m.title.trim(),
  role_ids: m.ranks.map((r) => r.id),
  equipments: m.columns.map((c) => ({ equipment_option_id: c.optionId, price: c.price })),
  items: m.ranks.flatMap((r) =>
    m.columns.flatMap((c) => {
      const qty = m.cells.get(cellKey(r.id, c.optionId))?.qty ?? 0;
      return qty > 0 ? [{ role_id: r.id, equipment_option_id: c.optionId, qty }] : [];
    }),
  ),
});
