import {
  equipmentMatrixItems,
  equipmentOptions,
  matrixPrices,
  ownerMatrices,
  type TEquipmentMatrixBody,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TKernelServices } from "../../kernel/kernel-deps.js";
import { ownerScope } from "../fleet/fleet-scopes.js";
import { printPpeOrder } from "./ppe-order.js";
import {
  equipmentMatrixRepository,
  toCents,
  type TEquipmentMatrixRepository,
} from "./equipment-matrix-repository.js";

const ZCounts = z.object({ roles: z.number(), prices: z.number() });
const ZTitled = z.object({ title: z.string() });

/** A partner reads the matrices of its own owners only (the owners' rule, fleet-scopes.ts). */
const matrixScope = (actor: TActor) => ({ owner: { is: ownerScope(actor) } });

/**
 * The multi-step form's matrix checked against itself and the reference data: each item once,
 * ranks and items that exist, every cell on a rank and an item of the matrix (422 naming the field).
 */
const checkBody = async (
  repo: TEquipmentMatrixRepository,
  body: TEquipmentMatrixBody,
): Promise<TEquipmentMatrixBody> => {
  const roleIds = [...new Set(body.role_ids)];
  const seen = new Set<number>();
  for (const [i, e] of body.equipments.entries()) {
    if (seen.has(e.equipment_option_id))
      throw AppError.invalid([
        {
          field: `equipments/${i}/equipment_option_id`,
          message: `lists item ${e.equipment_option_id} twice`,
        },
      ]);
    seen.add(e.equipment_option_id);
  }
  const ranks = new Set((await repo.existingRanks(roleIds)).map((r) => r.id));
  const missingRank = roleIds.find((id) => !ranks.has(id));
  if (missingRank !== undefined)
    throw AppError.invalid([
      { field: "role_ids", message: `names rank ${missingRank}, which does not exist` },
    ]);
  const options = new Set((await repo.existingOptions([...seen])).map((o) => o.id));
  const missing = [...seen].find((id) => !options.has(id));
  if (missing !== undefined)
    throw AppError.invalid([{ field: "equipments", message: `names item ${missing}, which does not exist` }]);
  const roles = new Set(roleIds);
  const cells = new Set<string>();
  for (const [i, c] of body.items.entries()) {
    if (!roles.has(c.role_id) || !seen.has(c.equipment_option_id))
      throw AppError.invalid([
        { field: `items/${i}`, message: `cell ${i + 1} names a rank or item that is not in the matrix` },
      ]);
    const key = `${c.role_id}:${c.equipment_option_id}`;
    if (cells.has(key))
      throw AppError.invalid([{ field: `items/${i}`, message: `cell ${i + 1} is given twice` }]);
    cells.add(key);
  }
  return { ...body, role_ids: roleIds };
};

const ownerInScope = async (kernel: TKernelServices, actor: TActor, ownerId: number): Promise<void> => {
  await kernel.serviceOf("owners").findInScope(actor, ownerId);
};

const showWhole = (kernel: TKernelServices, actor: TActor, id: number) =>
  kernel.serviceOf("owner_matrices").show(actor, id, { include: "roles,prices,items" });

/** The protective-equipment reference list (coverall, safety shoes, ...; seeded by the migration). */
export const equipmentOptionsBinding: TResourceEntry = bindResource(equipmentOptions, "EquipmentOption")({});

export const ownerMatricesBinding: TResourceEntry = bindResource(
  ownerMatrices,
  "EquipmentMatrix",
  equipmentMatrixRepository,
)({
  relations: {
    roles: {
      kind: "through",
      model: "EquipmentMatrixRole",
      from: "ownerMatrixId",
      to: "roleId",
      field: "roles",
    },
    prices: { kind: "inverse", model: "EquipmentMatrixPrice", fk: "ownerMatrixId", field: "prices" },
    items: { kind: "inverse", model: "EquipmentMatrixItem", fk: "ownerMatrixId", field: "items" },
  },
  scope: matrixScope,
  include: { _count: { select: { roles: true, prices: true } } },
  computed: {
    role_count: (row) => ZCounts.safeParse(row._count).data?.roles ?? 0,
    equipment_count: (row) => ZCounts.safeParse(row._count).data?.prices ?? 0,
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
        await repo.lockOwner(ctx.input.owner_id);
        const { id } = await repo.createMatrix(ctx.input.owner_id, ctx.input.title ?? source.title);
        await repo.replaceContent(id, {
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
        });
        await repo.makeCurrent(ctx.input.owner_id, id);
        return id;
      });
      return { status: 201, document: await showWhole(ctx.kernel, ctx.actor, id) };
    },
    /** The owner's ranks (active manning-scale rows of its fleet, its own template rows) not yet rows of the matrix. */
    async unused_roles(ctx) {
      const matrix = await ctx.repo.matrix(ctx.id);
      if (!matrix) throw AppError.notFound();
      const ownerId = matrix.ownerId;
      const where = {
        manningScales: {
          some: { state: "active", OR: [{ ownerId }, { vessel: { ownerVessel: { is: { ownerId } } } }] },
        },
        equipmentMatrixRoles: { none: { ownerMatrixId: ctx.id } },
      };
      return { document: await ctx.kernel.serviceOf("ranks").list(ctx.actor, ctx.input, ctx.url, { where }) };
    },
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
  relations: { owner_matrix: { kind: "fk", field: "ownerMatrixId" } },
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
