import {
  equipmentMatrixItems,
  equipmentOptions,
  matrixPrices,
  ownerMatrices,
  type TEquipmentMatrixBody,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import {
  currentMatrixHooks,
  matrixScope,
  ownerMatrixActions,
  type TOwnerMatrixKind,
} from "../owner-matrix/owner-matrix-kernel.js";
import { printPpeOrder } from "./ppe-order.js";
import {
  equipmentMatrixRepository,
  toCents,
  type TEquipmentMatrixRepository,
} from "./equipment-matrix-repository.js";

const ZCounts = z.object({ roles: z.number(), prices: z.number() });
const ZTitled = z.object({ title: z.string() });

type TWholeMatrix = NonNullable<Awaited<ReturnType<TEquipmentMatrixRepository["matrix"]>>>;

/** The protective-equipment matrix as a kind of the owner × rank × item matrix (owner-matrix-kernel.ts). */
const equipmentMatrixKind: TOwnerMatrixKind<TEquipmentMatrixBody, TWholeMatrix, TEquipmentMatrixRepository> =
  {
    type: "owner_matrices",
    include: "roles,prices,items",
    columns: {
      ids: (body) => body.equipments.map((e) => e.equipment_option_id),
      duplicate: (id, i) => ({
        field: `equipments/${i}/equipment_option_id`,
        message: `lists item ${id} twice`,
      }),
      existing: (repo, ids) => repo.existingOptions(ids),
      missing: (id) => ({ field: "equipments", message: `names item ${id}, which does not exist` }),
      cellColumn: (cell) => cell.equipment_option_id,
      stray: (i) => ({
        field: `items/${i}`,
        message: `cell ${i + 1} names a rank or item that is not in the matrix`,
      }),
      repeated: (i) => ({ field: `items/${i}`, message: `cell ${i + 1} is given twice` }),
    },
    copyOf: (source) => ({
      role_ids: source.roles.map((r) => r.roleId),
      equipments: source.prices.map((p) => ({
        equipment_option_id: p.equipmentOptionId,
        price: p.priceCents / 100,
      })),
      items: source.items.map((c) => ({
        role_id: c.roleId,
        equipment_option_id: c.equipmentOptionId,
        qty: c.qty,
      })),
    }),
    rankInMatrix: (id) => ({ equipmentMatrixRoles: { none: { ownerMatrixId: id } } }),
  };

/** The protective-equipment reference list (coverall, safety shoes, ...; seeded by the migration). */
export const equipmentOptionsBinding: TResourceEntry = bindResource(equipmentOptions, "EquipmentOption")({});

export const ownerMatricesBinding: TResourceEntry = bindResource(
  ownerMatrices,
  "EquipmentMatrix",
  equipmentMatrixRepository,
)({
  scope: matrixScope,
  include: { _count: { select: { roles: true, prices: true } } },
  computed: {
    role_count: (row) => ZCounts.safeParse(row._count).data?.roles ?? 0,
    equipment_count: (row) => ZCounts.safeParse(row._count).data?.prices ?? 0,
  },
  ...currentMatrixHooks<TEquipmentMatrixRepository>(),
  actions: {
    ...ownerMatrixActions(equipmentMatrixKind),
    /** Equipment not yet a column of the matrix. */
    async unused_equipments(ctx) {
      const where = { prices: { none: { ownerMatrixId: ctx.id } } };
      return {
        document: await ctx.kernel
          .serviceOf("equipment_options")
          .list(ctx.actor, ctx.input, ctx.url, { where }),
      };
    },
    async print_ppe_order(ctx) {
      // The crew change must be readable (crewChange.read and its scope) before anything about it is printed.
      await ctx.kernel.serviceOf("crew_changes").find(ctx.actor, ctx.input.crew_change_id);
      const change = await ctx.repo.crewChange(ctx.input.crew_change_id);
      if (!change) throw AppError.notFound();
      const matrixId =
        ctx.input.owner_matrix_id ?? change.vessel.ownerVessel?.owner.equipmentMatrices[0]?.id ?? null;
      if (matrixId === null)
        throw AppError.invalid([
          {
            field: "owner_matrix_id",
            message: change.vessel.ownerVessel
              ? "is needed: the vessel's owner has no current equipment matrix"
              : "is needed: the vessel has no owner",
          },
        ]);
      // The matrix must be readable too (equipmentMatrix.read; a partner: its own owners').
      await ctx.kernel.serviceOf("owner_matrices").find(ctx.actor, matrixId);
      return { file: await printPpeOrder(ctx.repo, change, matrixId) };
    },
  },
});

/** Items (columns) of a matrix with their unit prices: a price is changed one at a time. */
export const matrixPricesBinding: TResourceEntry = bindResource(
  matrixPrices,
  "EquipmentMatrixPrice",
  equipmentMatrixRepository,
)({
  virtual: ["price"],
  scope: (actor) => ({ ownerMatrix: { is: matrixScope(actor) } }),
  include: { equipmentOption: { select: { title: true } } },
  computed: {
    equipment_title: (row) => ZTitled.safeParse(row.equipmentOption).data?.title ?? "",
    price: (row) => row.priceCents / 100,
  },
  toData(input) {
    const price = z.number().optional().parse(input.attributes.price);
    return price === undefined ? {} : { priceCents: toCents(price) };
  },
});

/** Quantities of a matrix: a cell is on a rank and an item of its matrix. */
export const equipmentMatrixItemsBinding: TResourceEntry = bindResource(
  equipmentMatrixItems,
  "EquipmentMatrixItem",
  equipmentMatrixRepository,
)({
  scope: (actor) => ({ ownerMatrix: { is: matrixScope(actor) } }),
  async toData(_input, _defaults, ctx) {
    const { ownerMatrixId, roleId, equipmentOptionId } = ctx.next;
    if (ctx.mode === "update" && ctx.before && ownerMatrixId !== ctx.before.ownerMatrixId)
      throw AppError.invalid([
        { field: "owner_matrix", message: "cannot change", location: "relationships" },
      ]);
    if (ownerMatrixId === undefined) return {};
    if (roleId === undefined || !(await ctx.repo.hasRole(ownerMatrixId, roleId)))
      throw AppError.invalid([
        { field: "role", message: "is not a rank of this matrix", location: "relationships" },
      ]);
    if (equipmentOptionId === undefined || !(await ctx.repo.hasOption(ownerMatrixId, equipmentOptionId)))
      throw AppError.invalid([
        { field: "equipment_option", message: "is not an item of this matrix", location: "relationships" },
      ]);
    return {};
  },
});
