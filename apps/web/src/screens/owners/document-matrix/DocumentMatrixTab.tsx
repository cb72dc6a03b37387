import { ownerGroups } from "@crew/contracts";
import { runAction } from "../../../api";
import type { TRelatedListProps } from "../../../resources/details/RelatedList";
import { ALL, type TMatrixKind } from "../matrix-kernel/matrix-kernel";
import { OwnerMatrixTab } from "../matrix-kernel/OwnerMatrixTab";
import { MatrixCheck } from "./MatrixCheck";
import { DocumentColumnsStep, DocumentGridStep } from "./MatrixFormSteps";
import { MatrixGrid } from "./MatrixGrid";
import { bodyOf, modelOf, type TMatrixCell, type TMatrixColumn } from "./matrix-model";

/**
 * The document matrix as a kind of the owner × rank × item matrix (spec 002 §2, issue 17 §2):
 * documents in groups as columns, a cell required or recommended with months left at joining;
 * the compliance check of a vessel's crew below it. Its writes touch the planner's warnings.
 */
export const documentMatrixKind: TMatrixKind<TMatrixColumn, TMatrixCell> = {
  type: "owner_groups",
  permission: "documentMatrix",
  noun: "document matrix",
  aNoun: "a document matrix",
  include: ["roles", "documents.document", "items"],
  invalidates: ["owner_groups", "group_items", "items", "time_plans"],
  modelOf,
  summary: (m) => `${m.ranks.length} ranks · ${m.columns.length} documents`,
  emptyText:
    "This owner has no document matrix yet: the planner warns by the seafarers' own documents until one is made.",
  copyWithTitle: true,
  Grid: ({ model }) => <MatrixGrid model={model} />,
  Below: MatrixCheck,
  form: {
    steps: ["Title and ranks", "Documents", "Grid"],
    titlePlaceholder: "Fleet standard 2027",
    editRanksDescription: "The matrix's ranks and the fleet's ranks not yet in it",
    columnsOk: (m) => m.columns.length > 0,
    ColumnsStep: DocumentColumnsStep,
    GridStep: DocumentGridStep,
  },
  api: {
    unusedRoles: (id) => runAction(ownerGroups, "unused_roles", { id, input: ALL }),
    create: (ownerId, m) =>
      runAction(ownerGroups, "create_matrix", { input: { ...bodyOf(m), owner_id: ownerId } }),
    edit: (id, m) => runAction(ownerGroups, "edit_matrix", { id, input: bodyOf(m) }),
    copy: (id, input) => runAction(ownerGroups, "copy_matrix", { id, input }),
  },
};

/** /owners/:id/document_matrix. */
export const DocumentMatrixTab = ({ parentId }: TRelatedListProps) => (
  <OwnerMatrixTab kind={documentMatrixKind} ownerId={parentId} />
);
