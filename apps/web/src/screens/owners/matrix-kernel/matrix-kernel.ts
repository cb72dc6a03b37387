import type { TPermissionKey, TResourceObject, TResourceType } from "@crew/contracts";
import type { ComponentType } from "react";
import type { TActionAnswer } from "../../../api";

/**
 * The owner × rank × item matrix kernel (docs/decisions.md "One matrix kernel"): the document
 * matrix (owner_groups) and the protective-equipment matrix (owner_matrices) are the same
 * screen over a different item kind. What they share lives here and in OwnerMatrixTab,
 * MatrixStepperForm and CopyMatrixDialog; what differs (the columns, the cells, the grid) is
 * the kind's, declared once as a `TMatrixKind`.
 */
export const str = (v: unknown): string => (typeof v === "string" ? v : "");
export const num = (v: unknown): number => (typeof v === "number" ? v : Number(v ?? 0));

/** Every record of a list action in one page (the matrices are a few hundred rows at most). */
export const ALL = { "page[size]": 999 } as const;

/** The id of a to-one relationship ("" when unset). */
export const refId = (r: TResourceObject, name: string): string => {
  const data = r.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : "";
};

/** The records of a list action's JSON:API answer (owners/{id}/roles, unused_roles, unused_...). */
export const recordsOf = (answer: TActionAnswer): TResourceObject[] => {
  if (answer.kind !== "json" || typeof answer.body !== "object" || answer.body === null) return [];
  const data = (answer.body as { data?: unknown }).data;
  return Array.isArray(data) ? (data as TResourceObject[]) : [];
};

/** The new or saved record's id from a create/edit/copy answer. */
export const savedIdOf = (answer: TActionAnswer): string | undefined =>
  answer.kind === "json" ? (answer.body as { data?: { id?: string } }).data?.id : undefined;

/** A rank (row) of a matrix. */
export interface TMatrixRank {
  id: number;
  title: string;
  priority: number;
}

/** A rank record (ranks) as a matrix row. */
export const rankOf = (r: TResourceObject): TMatrixRank => ({
  id: Number(r.id),
  title: str(r.attributes.title),
  priority: num(r.attributes.crewing_priority),
});

export const byPriority = (a: TMatrixRank, b: TMatrixRank): number =>
  a.priority - b.priority || a.title.localeCompare(b.title);

/** A cell's key: `${rankId}:${itemId}`. */
export const cellKey = (rankId: number, itemId: number): string => `${rankId}:${itemId}`;

/** A matrix as the screens hold it: ranks (rows), items (columns, in order) and cells by cellKey. */
export interface TOwnerMatrixModel<C, V> {
  title: string;
  ranks: TMatrixRank[];
  columns: C[];
  cells: Map<string, V>;
}

export const emptyMatrix = <C, V>(): TOwnerMatrixModel<C, V> => ({
  title: "",
  ranks: [],
  columns: [],
  cells: new Map(),
});

/** The matrix's steps 2 and 3 (its items, its cells) as the kind draws them in the form. */
export interface TMatrixStepProps<C, V> {
  ownerId: string;
  matrixId: string | undefined;
  initial: TOwnerMatrixModel<C, V>;
  model: TOwnerMatrixModel<C, V>;
  setModel: (model: TOwnerMatrixModel<C, V>) => void;
}

/** The read-only (or cell-by-cell editable) grid of the tab. */
export interface TMatrixGridProps<C, V> {
  ownerId: string;
  model: TOwnerMatrixModel<C, V>;
  editable: boolean;
}

/** One item kind of the owner × rank × item matrix: its resource, words, model and pieces. */
export interface TMatrixKind<C, V> {
  /** The matrix resource's type (owner_groups, owner_matrices). */
  type: TResourceType;
  /** The permission key (documentMatrix, equipmentMatrix). */
  permission: TPermissionKey;
  /** "document matrix", "equipment matrix": the notices, titles and labels. */
  noun: string;
  /** The noun with its article: "a document matrix", "an equipment matrix". */
  aNoun: string;
  /** What GET {type}/{id} includes to draw the whole matrix. */
  include: readonly string[];
  /** Resource types a write of the matrix touches (the planner's warnings read the document matrix). */
  invalidates: readonly TResourceType[];
  modelOf: (data: TResourceObject, included: readonly TResourceObject[]) => TOwnerMatrixModel<C, V>;
  /** The line beside the matrix's title: "12 ranks · 30 documents". */
  summary: (model: TOwnerMatrixModel<C, V>, mayUpdate: boolean) => string;
  /** Shown when the owner has no matrix of the kind yet. */
  emptyText: string;
  /** Copy asks for a new title too. */
  copyWithTitle: boolean;
  Grid: ComponentType<TMatrixGridProps<C, V>>;
  /** Below the matrix (the document matrix's compliance check). */
  Below?: ComponentType<{ ownerId: string; matrixId: string }>;
  form: {
    /** The three steps' labels. */
    steps: readonly [string, string, string];
    titlePlaceholder: string;
    /** The ranks picker's description when editing. */
    editRanksDescription: string;
    /** Step 2 may go on (items chosen). */
    columnsOk: (model: TOwnerMatrixModel<C, V>) => boolean;
    ColumnsStep: ComponentType<TMatrixStepProps<C, V>>;
    GridStep: ComponentType<TMatrixStepProps<C, V>>;
  };
  /** The kind's typed calls (each action is declared on its own resource in contracts). */
  api: {
    unusedRoles: (matrixId: string) => Promise<TActionAnswer>;
    create: (ownerId: number, model: TOwnerMatrixModel<C, V>) => Promise<TActionAnswer>;
    edit: (matrixId: string, model: TOwnerMatrixModel<C, V>) => Promise<TActionAnswer>;
    copy: (matrixId: string, input: { owner_id: number; title?: string }) => Promise<TActionAnswer>;
  };
}
