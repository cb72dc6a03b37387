import { groupItems, matrixItems, ownerGroups, type TMatrixBody } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import type { TTx } from "../../db/client.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TKernelServices } from "../../kernel/kernel-deps.js";
import { ownerScope } from "../fleet/fleet-scopes.js";
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

/** A partner reads the matrices of its own owners only (the owners' rule, fleet-scopes.ts). */
const matrixScope = (actor: TActor) => ({ owner: { is: ownerScope(actor) } });

/**
 * The multi-step form's matrix checked against itself and the reference data: each document
 * once, ranks and document kinds that exist, and every cell on a rank and a document of the
 * matrix (422 naming the field).
 */
const checkBody = async (repo: TDocumentMatrixRepository, body: TMatrixBody): Promise<TMatrixBody> => {
  const roleIds = [...new Set(body.role_ids)];
  const seen = new Set<number>();
  for (const d of body.documents) {
    if (seen.has(d.document_id))
      throw AppError.invalid([{ field: "documents", message: `lists document ${d.document_id} twice` }]);
    seen.add(d.document_id);
  }
  const ranks = new Set((await repo.existingRanks(roleIds)).map((r) => r.id));
  const missingRank = roleIds.find((id) => !ranks.has(id));
  if (missingRank !== undefined)
    throw AppError.invalid([
      { field: "role_ids", message: `names rank ${missingRank}, which does not exist` },
    ]);
  const kinds = new Set((await repo.existingKinds([...seen])).map((k) => k.id));
  const missingKind = [...seen].find((id) => !kinds.has(id));
  if (missingKind !== undefined)
    throw AppError.invalid([
      { field: "documents", message: `names document ${missingKind}, which does not exist` },
    ]);
  const roles = new Set(roleIds);
  const stray = body.items.findIndex((c) => !roles.has(c.role_id) || !seen.has(c.document_id));
  if (stray >= 0)
    throw AppError.invalid([
      { field: "items", message: `cell ${stray + 1} names a rank or document that is not in the matrix` },
    ]);
  return { ...body, role_ids: roleIds };
};

/** The owner a matrix is made for: in the caller's scope (a partner: its own), else 404. */
const ownerInScope = async (kernel: TKernelServices, actor: TActor, ownerId: number): Promise<void> => {
  await kernel.serviceOf("owners").findInScope(actor, ownerId);
};

/** The matrix with its ranks, documents and cells, as the screens read it after a write. */
const showWhole = (kernel: TKernelServices, actor: TActor, id: number) =>
  kernel.serviceOf("owner_groups").show(actor, id, { include: "roles,documents,items" });

export const ownerGroupsBinding: TResourceEntry = bindResource(
  ownerGroups,
  "OwnerGroup",
  matrixAreaRepository,
)({
  relations: {
    roles: { kind: "through", model: "OwnerGroupRole", from: "ownerGroupId", to: "roleId", field: "roles" },
    documents: { kind: "inverse", model: "GroupItem", fk: "ownerGroupId", field: "documents" },
    items: { kind: "inverse", model: "MatrixItem", fk: "ownerGroupId", field: "items" },
  },
  scope: matrixScope,
  include: { _count: { select: { roles: true, documents: true } } },
  computed: {
    role_count: (row) => ZCounts.safeParse(row._count).data?.roles ?? 0,
    document_count: (row) => ZCounts.safeParse(row._count).data?.documents ?? 0,
  },
  async toData(_input, _defaults, ctx) {
    if (ctx.mode === "update" && ctx.before && ctx.next.ownerId !== ctx.before.ownerId)
      throw AppError.invalid([
        { field: "owner", message: "cannot change: copy the matrix instead", location: "relationships" },
      ]);
    if (typeof ctx.next.ownerId === "number") await ctx.repo.lockOwner(ctx.next.ownerId);
    return {};
  },
  /** One current matrix per owner: a matrix made current retires the other; the last one stays current. */
  async afterWrite(after, ctx) {
    if (after.current) await ctx.repo.makeCurrent(after.ownerId, after.id);
    else await ctx.repo.promoteNewest(after.ownerId);
  },
  async afterDelete(row, ctx) {
    await ctx.repo.promoteNewest(row.ownerId);
  },
  actions: {
    async create_matrix(ctx) {
      const { owner_id: ownerId, ...raw } = ctx.input;
      await ownerInScope(ctx.kernel, ctx.actor, ownerId);
      const id = await ctx.transaction(async (repo) => {
        const body = await checkBody(repo, raw);
        await repo.lockOwner(ownerId);
        const { id } = await repo.createMatrix(ownerId, body.title);
        await repo.replaceContent(id, body);
        await repo.makeCurrent(ownerId, id);
        return id;
      });
      return { status: 201, document: await showWhole(ctx.kernel, ctx.actor, id) };
    },
    async edit_matrix(ctx) {
      await ctx.transaction(async (repo) => {
        const body = await checkBody(repo, ctx.input);
        await repo.rename(ctx.id, body.title);
        await repo.replaceContent(ctx.id, body);
      });
      return { document: await showWhole(ctx.kernel, ctx.actor, ctx.id) };
    },
    async copy_matrix(ctx) {
      await ownerInScope(ctx.kernel, ctx.actor, ctx.input.owner_id);
      const id = await ctx.transaction(async (repo) => {
        const source = await repo.matrix(ctx.id);
        if (!source) throw AppError.notFound();
        const documentOf = new Map(source.documents.map((d) => [d.id, d.documentId]));
        await repo.lockOwner(ctx.input.owner_id);
        const { id } = await repo.createMatrix(ctx.input.owner_id, ctx.input.title ?? source.title);
        await repo.replaceContent(id, {
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
        });
        await repo.makeCurrent(ctx.input.owner_id, id);
        return id;
      });
      return { status: 201, document: await showWhole(ctx.kernel, ctx.actor, id) };
    },
    /** Ranks on the owner's fleet (active manning-scale rows, its own template rows) not yet rows of the matrix. */
    async unused_roles(ctx) {
      const matrix = await ctx.repo.matrix(ctx.id);
      if (!matrix) throw AppError.notFound();
      const ownerId = matrix.ownerId;
      const where = {
        manningScales: {
          some: { state: "active", OR: [{ ownerId }, { vessel: { ownerVessel: { is: { ownerId } } } }] },
        },
        documentMatrixRoles: { none: { ownerGroupId: ctx.id } },
      };
      return { document: await ctx.kernel.serviceOf("ranks").list(ctx.actor, ctx.input, ctx.url, { where }) };
    },
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
