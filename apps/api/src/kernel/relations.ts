import type { TModel, TTx } from "./model-types.js";

/**
 * How a relationship of a definition is stored. The kernel infers it from the model's Prisma
 * relation field of the relationship's name where that is unambiguous (relation-inference.ts);
 * a binding declares the rest (`none`, `loaded`, `writable`, names that are not the Prisma
 * field's). A to-one neither declared nor inferred is the column `<name>Id` (`vendor_type` →
 * `vendorTypeId`).
 */
export type TRelationMap =
  /** A foreign-key column on this row. */
  | { kind: "fk"; field: string }
  /**
   * A join table: rows of `model` link `from` (this record's id) to `to` (the related id).
   * `field` is this model's Prisma relation field to the join rows (for where clauses).
   * Also serves to-one links kept as records of their own (a vessel's owner_vessels row):
   * `single` when `field` is a to-one Prisma relation (this row has at most one link).
   */
  | { kind: "through"; model: TModel; from: string; to: string; field: string; single?: boolean }
  /**
   * Children pointing back here by `fk` (a vessel's manning_scales); read-only from this side
   * unless `writable` (a crew user's coordinated vessels: adding points the child's key here,
   * removing clears it; the key must be nullable).
   */
  | { kind: "inverse"; model: TModel; fk: string; field: string; writable?: boolean }
  /**
   * Declared on the wire before its storage exists (a later release adds the records): read-only,
   * its linkage always empty, so clients may already name it in `include`.
   */
  | { kind: "none" }
  /**
   * Read-only linkage a repository computes (records addressed to this one through a type and id
   * column pair: an experience's attachments): related ids per record id, for a page at once.
   */
  | { kind: "loaded"; load: (client: TTx, ids: readonly number[]) => Promise<Map<number, number[]>> };
