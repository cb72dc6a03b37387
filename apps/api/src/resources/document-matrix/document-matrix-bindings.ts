import { groupItems, matrixItems, ownerGroups, type TMatrixBody } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TTx } from "../../db/client.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import {
  currentMatrixHooks,
  matrixScope,
  ownerMatrixActions,
  type TOwnerMatrixKind,
} from "../owner-matrix/owner-matrix-kernel.js";
import { documentCheckRepository } from "./document-check-repository.js";
import { asCheckResources, checkDocumentMatrix } from "./document-check-service.js";
import { documentCheckWorkbook, XLSX_TYPE } from "./document-check-xlsx.js";
import { documentMatrixRepository, type TDocumentMatrixRepository } from "./document-matrix-repository.js";

const ZCounts = z.object({ roles: z.number(), documents: z.number() });

/** The matrix area's repository: its writes and the check's reads. */
const matrixAreaRepository = (db: TTx) => ({
  ...documentMatrixRepository(db),
  check: documentCheckRepository(db),
});
type TMatrixAreaRepository = ReturnType<typeof matrixAreaRepository>;
type TWholeMatrix = NonNullable<Awaited<ReturnType<TDocumentMatrixRepository["matrix"]>>>;

/** The document matrix as a kind of the owner × rank × item matrix (owner-matrix-kernel.ts). */
const documentMatrixKind: TOwnerMatrixKind<TMatrixBody, TWholeMatrix, TMatrixAreaRepository> = {
  type: "owner_groups",
  include: "roles,documents,items",
  columns: {
    ids: (body) => body.documents.map((d) => d.document_id),
    duplicate: (id) => ({ field: "documents", message: `lists document ${id} twice` }),
    existing: (repo, ids) => repo.existingKinds(ids),
    missing: (id) => ({ field: "documents", message: `names document ${id}, which does not exist` }),
    cellColumn: (cell) => cell.document_id,
    stray: (i) => ({
      field: "items",
      message: `cell ${i + 1} names a rank or document that is not in the matrix`,
    }),
  },
  copyOf: (source) => {
    const documentOf = new Map(source.documents.map((d) => [d.id, d.documentId]));
    return {
      role_ids: source.roles.map((r) => r.roleId),
      documents: source.documents.map((d) => ({ document_id: d.documentId, group_name: d.groupName })),
      items: source.items.flatMap((c) => {
        const documentId = documentOf.get(c.groupItemId);
        return documentId === undefined
          ? []
          : [
              {
                role_id: c.roleId,
                document_id: documentId,
                months_required: c.monthsRequired,
                required: c.required,
              },
            ];
      }),
    };
  },
  rankInMatrix: (id) => ({ documentMatrixRoles: { none: { ownerGroupId: id } } }),
};

export const ownerGroupsBinding: TResourceEntry = bindResource(
  ownerGroups,
  "OwnerGroup",
  matrixAreaRepository,
)({
  scope: matrixScope,
  include: { _count: { select: { roles: true, documents: true } } },
  computed: {
    role_count: (row) => ZCounts.safeParse(row._count).data?.roles ?? 0,
    document_count: (row) => ZCounts.safeParse(row._count).data?.documents ?? 0,
  },
  ...currentMatrixHooks<TMatrixAreaRepository>(),
  actions: {
    ...ownerMatrixActions(documentMatrixKind),
    /** Document kinds not yet columns of the matrix. */
    async unused_documents(ctx) {
      const where = { matrixDocuments: { none: { ownerGroupId: ctx.id } } };
      return {
        document: await ctx.kernel
          .serviceOf("applicant-documents")
          .list(ctx.actor, ctx.input, ctx.url, { where }),
      };
    },
    async check_document_matrix(ctx) {
      const lines = await checkDocumentMatrix(ctx.repo.check, ctx.kernel, ctx.actor, ctx.input);
      if (ctx.input.format === "xlsx") {
        const matrix = lines.find((l) => l.attributes.matrix)?.attributes.matrix;
        const title = `Document matrix check${matrix ? `: ${matrix}` : ""}`;
        return {
          file: {
            filename: `document-matrix-check-${new Date().toISOString().slice(0, 10)}.xlsx`,
            contentType: XLSX_TYPE,
            body: await documentCheckWorkbook(lines, title),
          },
        };
      }
      return {
        document: {
          data: asCheckResources(lines),
          meta: {
            total: lines.length,
            compliant: lines.filter((l) => l.attributes.compliant).length,
          },
        },
      };
    },
  },
});

/** Documents (columns) of a matrix: a new one goes last unless its order is given. */
export const groupItemsBinding: TResourceEntry = bindResource(
  groupItems,
  "GroupItem",
  documentMatrixRepository,
)({
  scope: (actor) => ({ ownerGroup: { is: matrixScope(actor) } }),
  async toData(input, _defaults, ctx) {
    const matrixId = ctx.next.ownerGroupId;
    if (ctx.mode === "create" && matrixId !== undefined && input.attributes.group_order === undefined)
      return { groupOrder: await ctx.repo.nextGroupOrder(matrixId) };
    return {};
  },
});

/** Cells of a matrix: on a rank of the matrix, for one of its documents; the matrix follows the document. */
export const matrixItemsBinding: TResourceEntry = bindResource(
  matrixItems,
  "MatrixItem",
  documentMatrixRepository,
)({
  scope: (actor) => ({ ownerGroup: { is: matrixScope(actor) } }),
  async toData(_input, _defaults, ctx) {
    const { groupItemId, roleId } = ctx.next;
    const column = groupItemId === undefined ? null : await ctx.repo.groupItem(groupItemId);
    if (!column)
      throw AppError.invalid([{ field: "group_item", message: "does not exist", location: "relationships" }]);
    if (roleId === undefined || !(await ctx.repo.hasRole(column.ownerGroupId, roleId)))
      throw AppError.invalid([
        { field: "role", message: "is not a rank of this matrix", location: "relationships" },
      ]);
    return { ownerGroupId: column.ownerGroupId };
  },
});
