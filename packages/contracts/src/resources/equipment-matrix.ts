import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { timestamps, title, titleFilter } from "./fields.js";
import { ownerMatrixActions, ZMatrixId, ZMatrixTitle } from "./owner-matrix.js";

/**
 * Protective equipment (spec 002 §3 "Owner equipment matrix", §7 owner_matrices, matrix_items,
 * matrix_prices, options; issue 17 §3; docs/owners-terms.md "Protective equipment"): the
 * equipment reference list, an owner's matrices (one current) with ranks (rows), items with
 * their unit prices (columns, `matrix_prices`) and cells (`matrix_items`: how many of the item
 * the rank gets), and the order for the seafarers signing on at a crew change.
 */
const id = ZMatrixId;

export const EQUIPMENT_MATRIX_MAX_ROLES = 200;
export const EQUIPMENT_MATRIX_MAX_ITEMS = 100;
/** Most of one item a rank gets (a year's gloves). */
export const EQUIPMENT_MAX_QTY = 99;
/** Highest unit price (in the owner's currency). */
export const EQUIPMENT_MAX_PRICE = 100_000;

/** Which of the seafarer's sizes an item is ordered in. */
export const EQUIPMENT_SIZE_KINDS = [
  { value: "none", label: "One size" },
  { value: "coverall", label: "Coverall size" },
  { value: "shoe", label: "Shoe size" },
] as const;
export type TEquipmentSizeKind = (typeof EQUIPMENT_SIZE_KINDS)[number]["value"];
export const ZEquipmentSizeKind = z.enum(["none", "coverall", "shoe"]);

const qty = z.coerce.number().int().min(1).max(EQUIPMENT_MAX_QTY);
/** A price with at most two decimals. */
const price = z.coerce
  .number()
  .min(0)
  .max(EQUIPMENT_MAX_PRICE)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "has more than two decimals");

/** An item (column) of a matrix as the multi-step form sends it, with its unit price. */
export const ZEquipmentColumn = z.strictObject({ equipment_option_id: id, price: price.default(0) });
/** A cell: the rank gets `qty` of the item. */
export const ZEquipmentCell = z.strictObject({ role_id: id, equipment_option_id: id, qty });
/** The whole matrix from the multi-step form: step 1 title and ranks, step 2 items and prices, step 3 quantities. */
export const ZEquipmentMatrixBody = z.strictObject({
  title: ZMatrixTitle,
  role_ids: z.array(id).max(EQUIPMENT_MATRIX_MAX_ROLES),
  equipments: z.array(ZEquipmentColumn).max(EQUIPMENT_MATRIX_MAX_ITEMS),
  items: z.array(ZEquipmentCell).max(EQUIPMENT_MATRIX_MAX_ROLES * EQUIPMENT_MATRIX_MAX_ITEMS),
});
export type TEquipmentMatrixBody = z.output<typeof ZEquipmentMatrixBody>;

/** The protective-equipment reference list (spec 002 "options", allEquipments). */
export const equipmentOptions = defineResource({
  type: "equipment_options",
  permission: "equipmentOptions",
  route: "/equipment-options",
  label: { one: "Protective equipment", many: "Protective equipment" },
  titleAttribute: "title",
  attributes: {
    title: title(),
    size_kind: {
      label: "Ordered by",
      kind: "select",
      options: EQUIPMENT_SIZE_KINDS,
      list: true,
      input: ZEquipmentSizeKind,
      default: "none",
    },
    ...timestamps,
  },
  filters: { title: titleFilter() },
  search: ["title"],
  defaultSort: "title",
  verbs: ALL_VERBS,
  selectable: true,
  maxPageSize: 999,
});

export const ownerMatrices = defineResource({
  type: "owner_matrices",
  permission: "equipmentMatrix",
  label: { one: "Equipment matrix", many: "Equipment matrices" },
  titleAttribute: "title",
  attributes: {
    title: title(),
    current: { label: "Current", kind: "boolean", list: true, input: z.boolean(), default: true },
    role_count: { label: "Ranks", kind: "number", list: true },
    equipment_count: { label: "Items", kind: "number", list: true },
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", required: true, form: true },
    roles: { label: "Ranks", type: "ranks", cardinality: "many", form: true },
    prices: { label: "Items and prices", type: "matrix_prices", cardinality: "many", readOnly: true },
    items: { label: "Quantities", type: "matrix_items", cardinality: "many", readOnly: true },
  },
  // GET /api/owners/{id}/equipment_matrices; the owner page's tab is /owners/{id}/protective-equipment-matrix.
  parents: [
    { type: "owners", relationship: "owner", path: "equipment_matrices", tab: "protective-equipment-matrix" },
  ],
  filters: { owner_id: { label: "Owner", kind: "id", input: id } },
  defaultSort: "-created_at",
  verbs: ALL_VERBS,
  selectable: true,
  actions: {
    // create_matrix, edit_matrix, copy_matrix, unused_roles and unused_equipments (equipment not yet columns).
    ...ownerMatrixActions(
      "equipmentMatrix",
      { body: ZEquipmentMatrixBody, create: ZEquipmentMatrixBody.extend({ owner_id: id }) },
      { name: "unused_equipments", label: "Equipment not in the matrix" },
    ),
    /**
     * GET /api/print/ppe_order?crew_change_id=&owner_matrix_id= (spec 002 §7): the order for the
     * seafarers signing on at the crew change (.xlsx); the matrix defaults to the vessel's owner's current one.
     */
    print_ppe_order: {
      label: "Print the PPE order",
      method: "GET",
      on: "collection",
      path: "/print/ppe_order",
      permission: { key: "crewChange", action: "read" },
      input: z.strictObject({ crew_change_id: id, owner_matrix_id: id.optional() }),
    },
  },
});

/** An item (column) of a matrix with its unit price (spec 002 matrix_prices: price, equipment_title). */
export const matrixPrices = defineResource({
  type: "matrix_prices",
  permission: "equipmentMatrix",
  label: { one: "Matrix item price", many: "Matrix item prices" },
  titleAttribute: "equipment_title",
  attributes: {
    equipment_title: { label: "Item", kind: "text", list: true, form: false },
    price: { label: "Unit price", kind: "money", list: true, input: price, default: 0 },
    position: { label: "Order", kind: "number", list: true, sortable: true, form: false },
    ...timestamps,
  },
  relationships: {
    owner_matrix: { label: "Matrix", type: "owner_matrices", cardinality: "one", readOnly: true },
    equipment_option: { label: "Item", type: "equipment_options", cardinality: "one", readOnly: true },
  },
  filters: { owner_matrix_id: { label: "Matrix", kind: "id", input: id } },
  defaultSort: "position",
  // Columns come and go with edit_matrix; a price is changed one cell at a time (updateMatrixEquipmentPrice).
  verbs: ["list", "show", "update"],
  maxPageSize: 999,
});

/** A cell (spec 002 matrix_items: role_id, equipment_option_id, qty): how many of the item the rank gets. */
export const equipmentMatrixItems = defineResource({
  type: "matrix_items",
  permission: "equipmentMatrix",
  label: { one: "Matrix quantity", many: "Matrix quantities" },
  titleAttribute: "id",
  attributes: {
    qty: { label: "Quantity", kind: "number", list: true, input: qty, default: 1 },
    ...timestamps,
  },
  relationships: {
    owner_matrix: { label: "Matrix", type: "owner_matrices", cardinality: "one", required: true, form: true },
    role: { label: "Rank", type: "ranks", cardinality: "one", required: true, form: true },
    equipment_option: {
      label: "Item",
      type: "equipment_options",
      cardinality: "one",
      required: true,
      form: true,
    },
  },
  filters: { owner_matrix_id: { label: "Matrix", kind: "id", input: id } },
  defaultSort: "id",
  verbs: ALL_VERBS,
  maxPageSize: 5000,
});
