import type { TEquipmentMatrixBody } from "@crew/contracts";
import type { TTx } from "../../db/client.js";

/** Cents of a price with at most two decimals. */
export const toCents = (price: number): number => Math.round(price * 100);

const WHOLE = {
  roles: { select: { roleId: true } },
  prices: { orderBy: { position: "asc" as const } },
  items: true,
} as const;

/**
 * The protective-equipment matrices (owner_matrices) with their ranks (owner_matrix_roles),
 * items and prices (matrix_prices) and quantities (matrix_items), and what the PPE order reads:
 * the only file of the area that touches Prisma.
 */
export const equipmentMatrixRepository = (db: TTx) => ({
  matrix(id: number) {
    return db.equipmentMatrix.findUnique({ where: { id }, include: WHOLE });
  },
  /** Serialises writes to one owner's matrices (which one is current). */
  async lockOwner(ownerId: number): Promise<void> {
    await db.$queryRaw`SELECT id FROM owners WHERE id = ${ownerId} FOR UPDATE`;
  },
  async makeCurrent(ownerId: number, id: number): Promise<void> {
    await db.equipmentMatrix.updateMany({
      where: { ownerId, current: true, id: { not: id } },
      data: { current: false },
    });
    await db.equipmentMatrix.updateMany({ where: { id, current: false }, data: { current: true } });
  },
  /** The one matrix left current when the current one goes: the newest other. */
  async promoteNewest(ownerId: number): Promise<void> {
    if (await db.equipmentMatrix.count({ where: { ownerId, current: true } })) return;
    const newest = await db.equipmentMatrix.findFirst({
      where: { ownerId },
      orderBy: { id: "desc" },
      select: { id: true },
    });
    if (newest) await db.equipmentMatrix.update({ where: { id: newest.id }, data: { current: true } });
  },
  existingRanks(ids: readonly number[]) {
    return db.rank.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  },
  existingOptions(ids: readonly number[]) {
    return db.equipmentOption.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  },
  createMatrix(ownerId: number, title: string) {
    return db.equipmentMatrix.create({ data: { ownerId, title, current: true }, select: { id: true } });
  },
  async rename(id: number, title: string): Promise<void> {
    await db.equipmentMatrix.update({ where: { id }, data: { title } });
  },
  /**
   * Makes the matrix's ranks, items (with prices, in order) and quantities those of `body`
   * (already checked). Rows that stay keep their ids (cells edited one at a time).
   */
  async replaceContent(
    id: number,
    body: Pick<TEquipmentMatrixBody, "role_ids" | "equipments" | "items">,
  ): Promise<void> {
    const roleIds = [...new Set(body.role_ids)];
    await db.equipmentMatrixRole.deleteMany({ where: { ownerMatrixId: id, roleId: { notIn: roleIds } } });
    await db.equipmentMatrixRole.createMany({
      data: roleIds.map((roleId) => ({ ownerMatrixId: id, roleId })),
      skipDuplicates: true,
    });
    const optionIds = body.equipments.map((e) => e.equipment_option_id);
    await db.equipmentMatrixPrice.deleteMany({
      where: { ownerMatrixId: id, equipmentOptionId: { notIn: optionIds } },
    });
    for (const [index, e] of body.equipments.entries()) {
      const data = { position: index + 1, priceCents: toCents(e.price) };
      await db.equipmentMatrixPrice.upsert({
        where: {
          ownerMatrixId_equipmentOptionId: { ownerMatrixId: id, equipmentOptionId: e.equipment_option_id },
        },
        create: { ownerMatrixId: id, equipmentOptionId: e.equipment_option_id, ...data },
        update: data,
      });
    }
    const wanted = new Map<string, (typeof body.items)[number]>(
      body.items.map((c) => [`${c.role_id}:${c.equipment_option_id}`, c]),
    );
    const existing = await db.equipmentMatrixItem.findMany({ where: { ownerMatrixId: id } });
    const gone: number[] = [];
    for (const cell of existing) {
      const key = `${cell.roleId}:${cell.equipmentOptionId}`;
      const want = wanted.get(key);
      if (!want) {
        gone.push(cell.id);
        continue;
      }
      wanted.delete(key);
      if (want.qty !== cell.qty)
        await db.equipmentMatrixItem.update({ where: { id: cell.id }, data: { qty: want.qty } });
    }
    if (gone.length) await db.equipmentMatrixItem.deleteMany({ where: { id: { in: gone } } });
    await db.equipmentMatrixItem.createMany({
      data: [...wanted.values()].map((c) => ({
        ownerMatrixId: id,
        roleId: c.role_id,
        equipmentOptionId: c.equipment_option_id,
        qty: c.qty,
      })),
    });
  },
  hasRole(ownerMatrixId: number, roleId: number) {
    return db.equipmentMatrixRole.findUnique({
      where: { ownerMatrixId_roleId: { ownerMatrixId, roleId } },
      select: { id: true },
    });
  },
  hasOption(ownerMatrixId: number, equipmentOptionId: number) {
    return db.equipmentMatrixPrice.findUnique({
      where: { ownerMatrixId_equipmentOptionId: { ownerMatrixId, equipmentOptionId } },
      select: { id: true },
    });
  },
  nextPosition(ownerMatrixId: number) {
    return db.equipmentMatrixPrice
      .aggregate({ where: { ownerMatrixId }, _max: { position: true } })
      .then((r) => (r._max.position ?? 0) + 1);
  },

  // The PPE order (print).
  /** The crew change, its vessel and the vessel's owner (with its current matrix). */
  crewChange(id: number) {
    return db.crewChange.findUnique({
      where: { id },
      select: {
        id: true,
        date: true,
        dateSignOn: true,
        port: { select: { name: true } },
        vessel: {
          select: {
            name: true,
            imo: true,
            ownerVessel: {
              select: {
                owner: {
                  select: {
                    id: true,
                    title: true,
                    currency: true,
                    equipmentMatrices: { where: { current: true }, select: { id: true }, take: 1 },
                  },
                },
              },
            },
          },
        },
      },
    });
  },
  /** Seafarers signing on at the crew change: the plan's rank and the person's sizes. */
  joiners(crewChangeId: number) {
    return db.timePlan.findMany({
      where: { crewChangeSignOnId: crewChangeId, userId: { not: null } },
      orderBy: [{ manningScale: { crewingPriority: "asc" } }, { id: "asc" }],
      select: {
        id: true,
        manningScale: { select: { rankId: true, rank: { select: { title: true } } } },
        user: {
          select: {
            id: true,
            surname: true,
            name: true,
            crewingApplicantId: true,
            coverallSize: true,
            shoeSize: true,
            height: true,
            weight: true,
          },
        },
      },
    });
  },
  /** The matrix for an order: its owner's currency, items in order with prices and size kinds, quantities. */
  orderMatrix(id: number) {
    return db.equipmentMatrix.findUnique({
      where: { id },
      select: {
        id: true,
        title: true,
        owner: { select: { title: true, currency: true } },
        prices: {
          orderBy: { position: "asc" },
          select: {
            equipmentOptionId: true,
            priceCents: true,
            equipmentOption: { select: { title: true, sizeKind: true } },
          },
        },
        items: { select: { roleId: true, equipmentOptionId: true, qty: true } },
        roles: { select: { roleId: true } },
      },
    });
  },
});

export type TEquipmentMatrixRepository = ReturnType<typeof equipmentMatrixRepository>;
