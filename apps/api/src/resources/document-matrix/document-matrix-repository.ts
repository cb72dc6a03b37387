import type { TMatrixBody } from "@crew/contracts";
import type { TTx } from "../../db/client.js";

/** A matrix whole: its ranks, documents in order and cells, as the copy and the check read it. */
const WHOLE = {
  roles: { select: { roleId: true } },
  documents: { orderBy: { groupOrder: "asc" as const } },
  items: { include: { groupItem: { select: { documentId: true } } } },
} as const;

/** Group numbers by name in order of first appearance: documents of one group share its number. */
const groupNumbers = (documents: TMatrixBody["documents"]): Map<string, number> => {
  const out = new Map<string, number>();
  for (const d of documents) if (!out.has(d.group_name)) out.set(d.group_name, out.size + 1);
  return out;
};

/**
 * The document matrices (owner_groups) with their ranks (owner_group_roles), documents
 * (group_items) and cells (items): the only file of the area's writes that touches Prisma.
 */
export const documentMatrixRepository = (db: TTx) => ({
  matrix(id: number) {
    return db.ownerGroup.findUnique({ where: { id }, include: WHOLE });
  },
  /** Serialises writes to one owner's matrices (which one is current). */
  async lockOwner(ownerId: number): Promise<void> {
    await db.$queryRaw`SELECT id FROM owners WHERE id = ${ownerId} FOR UPDATE`;
  },
  async makeCurrent(ownerId: number, id: number): Promise<void> {
    await db.ownerGroup.updateMany({
      where: { ownerId, current: true, id: { not: id } },
      data: { current: false },
    });
    await db.ownerGroup.updateMany({ where: { id, current: false }, data: { current: true } });
  },
  /** The one matrix left current when the current one goes: the newest other. */
  async promoteNewest(ownerId: number): Promise<void> {
    if (await db.ownerGroup.count({ where: { ownerId, current: true } })) return;
    const newest = await db.ownerGroup.findFirst({
      where: { ownerId },
      orderBy: { id: "desc" },
      select: { id: true },
    });
    if (newest) await db.ownerGroup.update({ where: { id: newest.id }, data: { current: true } });
  },
  existingRanks(ids: readonly number[]) {
    return db.rank.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  },
  existingKinds(ids: readonly number[]) {
    return db.applicantDocumentKind.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  },
  createMatrix(ownerId: number, title: string) {
    return db.ownerGroup.create({ data: { ownerId, title, current: true }, select: { id: true } });
  },
  async rename(id: number, title: string): Promise<void> {
    await db.ownerGroup.update({ where: { id }, data: { title } });
  },
  /**
   * Makes the matrix's ranks, documents and cells those of `body` (already checked: every cell's
   * rank and document are in it). Rows that stay keep their ids (cells edited one by one).
   */
  async replaceContent(
    id: number,
    body: Pick<TMatrixBody, "role_ids" | "documents" | "items">,
  ): Promise<void> {
    const roleIds = [...new Set(body.role_ids)];
    await db.ownerGroupRole.deleteMany({ where: { ownerGroupId: id, roleId: { notIn: roleIds } } });
    await db.ownerGroupRole.createMany({
      data: roleIds.map((roleId) => ({ ownerGroupId: id, roleId })),
      skipDuplicates: true,
    });
    const documentIds = body.documents.map((d) => d.document_id);
    await db.groupItem.deleteMany({ where: { ownerGroupId: id, documentId: { notIn: documentIds } } });
    const groups = groupNumbers(body.documents);
    const columns = new Map<number, number>();
    for (const [index, d] of body.documents.entries()) {
      const data = { groupOrder: index + 1, groupId: groups.get(d.group_name) ?? 1, groupName: d.group_name };
      const row = await db.groupItem.upsert({
        where: { ownerGroupId_documentId: { ownerGroupId: id, documentId: d.document_id } },
        create: { ownerGroupId: id, documentId: d.document_id, ...data },
        update: data,
        select: { id: true },
      });
      columns.set(d.document_id, row.id);
    }
    const wanted = new Map(
      body.items.flatMap((c) => {
        const column = columns.get(c.document_id);
        return column === undefined
          ? []
          : [[`${c.role_id}:${column}`, { ...c, groupItemId: column }] as const];
      }),
    );
    const existing = await db.matrixItem.findMany({ where: { ownerGroupId: id } });
    const gone: number[] = [];
    for (const cell of existing) {
      const want = wanted.get(`${cell.roleId}:${cell.groupItemId}`);
      if (!want) {
        gone.push(cell.id);
        continue;
      }
      wanted.delete(`${cell.roleId}:${cell.groupItemId}`);
      if (want.months_required !== cell.monthsRequired || want.required !== cell.required)
        await db.matrixItem.update({
          where: { id: cell.id },
          data: { monthsRequired: want.months_required, required: want.required },
        });
    }
    if (gone.length) await db.matrixItem.deleteMany({ where: { id: { in: gone } } });
    await db.matrixItem.createMany({
      data: [...wanted.values()].map((c) => ({
        ownerGroupId: id,
        roleId: c.role_id,
        groupItemId: c.groupItemId,
        monthsRequired: c.months_required,
        required: c.required,
      })),
    });
  },
  /** Ranks of a matrix (a cell's rank must be one). */
  hasRole(ownerGroupId: number, roleId: number) {
    return db.ownerGroupRole.findUnique({
      where: { ownerGroupId_roleId: { ownerGroupId, roleId } },
      select: { id: true },
    });
  },
  groupItem(id: number) {
    return db.groupItem.findUnique({ where: { id }, select: { ownerGroupId: true } });
  },
  nextGroupOrder(ownerGroupId: number) {
    return db.groupItem
      .aggregate({ where: { ownerGroupId }, _max: { groupOrder: true } })
      .then((r) => (r._max.groupOrder ?? 0) + 1);
  },
});

export type TDocumentMatrixRepository = ReturnType<typeof documentMatrixRepository>;
