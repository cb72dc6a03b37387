import { ownerMatrices } from "@crew/contracts";
import { runAction } from "../../../api";
import type { TRelatedListProps } from "../../../resources/details/RelatedList";
import { ALL, type TMatrixKind } from "../matrix-kernel/matrix-kernel";
import { OwnerMatrixTab } from "../matrix-kernel/OwnerMatrixTab";
import { bodyOf, modelOf, type TEquipmentCell, type TEquipmentColumn } from "./equipment-model";
import { EquipmentColumnsStep, EquipmentGridStep } from "./EquipmentFormSteps";
import { EquipmentGrid, useOwnerCurrency } from "./EquipmentGrid";

/**
 * The protective-equipment matrix as a kind of the owner × rank × item matrix (spec 002 §2,
 * issue 17 §3): items with unit prices as columns, a quantity per rank as the cell; with
 * equipmentMatrix update a price or an existing quantity is saved on its own when left.
 */
export const equipmentMatrixKind: TMatrixKind<TEquipmentColumn, TEquipmentCell> = {
  type: "owner_matrices",
  permission: "equipmentMatrix",
  noun: "equipment matrix",
  aNoun: "an equipment matrix",
  include: ["roles", "prices.equipment_option", "items"],
  invalidates: ["owner_matrices", "matrix_prices", "matrix_items"],
  modelOf,
  summary: (m, mayUpdate) =>
    `${m.ranks.length} ranks · ${m.columns.length} items${mayUpdate ? " · a price or quantity is saved when you leave it" : ""}`,
  emptyText:
    "This owner has no equipment matrix yet: crew changes of its vessels cannot print a PPE order until one is made.",
  copyWithTitle: false,
  Grid: function Grid({ ownerId, model, editable }) {
    const currency = useOwnerCurrency(ownerId);
    return <EquipmentGrid model={model} editable={editable} currency={currency} />;
  },
  form: {
    steps: ["Title and ranks", "Items and prices", "Quantities"],
    titlePlaceholder: "PPE issue 2027",
    editRanksDescription: "The matrix's ranks and the owner's ranks not yet in it",
    columnsOk: (m) => m.columns.length > 0,
    ColumnsStep: EquipmentColumnsStep,
    GridStep: EquipmentGridStep,
  },
  api: {
    unusedRoles: (id) => runAction(ownerMatrices, "unused_roles", { id, input: ALL }),
    create: (ownerId, m) =>
      runAction(ownerMatrices, "create_matrix", { input: { ...bodyOf(m), owner_id: ownerId } }),
    edit: (id, m) => runAction(ownerMatrices, "edit_matrix", { id, input: bodyOf(m) }),
    copy: (id, input) => runAction(ownerMatrices, "copy_matrix", { id, input }),
  },
};

/** /owners/:id/protective-equipment-matrix. */
export const EquipmentMatrixTab = ({ parentId }: TRelatedListProps) => (
  <OwnerMatrixTab kind={equipmentMatrixKind} ownerId={parentId} />
);
