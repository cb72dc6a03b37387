import { z } from "zod";
import type { TPermissionKey } from "../permissions/keys.js";

/**
 * The owner × rank × item matrix kernel of the contracts (docs/decisions.md "One matrix
 * kernel"): the document matrix (owner_groups) and the protective-equipment matrix
 * (owner_matrices) are an owner's matrices of ranks by items of one kind, one current, made and
 * changed by the same multi-step form. What a kind declares is its body (the items and cells the
 * form sends) and the name of its unused-items action; the five matrix actions are these.
 */
export const ZMatrixId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZMatrixTitle = z.string().trim().min(1, "can't be blank").max(255);

/** The matrix actions of a kind, under its permission key (`create` is `body` with `owner_id`). */
export const ownerMatrixActions = <
  const K extends TPermissionKey,
  B extends z.ZodType,
  C extends z.ZodType,
  const U extends string,
>(
  key: K,
  schemas: { body: B; create: C },
  unused: { name: U; label: string },
) => {
  /** GET {type}/{id}/{unused.name}: items of the kind not yet columns of the matrix. */
  const unusedItems = {
    label: unused.label,
    method: "GET",
    on: "member",
    permission: { key, action: "read" },
    input: z.looseObject({}),
  } as const;
  return {
    /** POST {type}/create_matrix: the multi-step form's whole matrix in one transaction; it becomes current. */
    create_matrix: {
      label: "Create matrix",
      method: "POST",
      on: "collection",
      permission: { key, action: "create" },
      input: schemas.create,
    },
    /** POST|PATCH {type}/{id}/edit_matrix: the whole matrix again (ranks, items and cells replaced). */
    edit_matrix: {
      label: "Edit matrix",
      method: "POST",
      alsoMethods: ["PATCH"],
      on: "member",
      permission: { key, action: "update" },
      input: schemas.body,
    },
    /** POST {type}/{id}/copy_matrix {owner_id, title?}: this matrix (of any readable owner) copied to an owner, current there. */
    copy_matrix: {
      label: "Copy matrix",
      method: "POST",
      on: "member",
      permission: { key, action: "create" },
      input: z.strictObject({ owner_id: ZMatrixId, title: z.string().trim().min(1).max(255).optional() }),
    },
    /** GET {type}/{id}/unused_roles: ranks of the owner's fleet not yet rows of the matrix (spec 002 §5). */
    unused_roles: {
      label: "Ranks not in the matrix",
      method: "GET",
      on: "member",
      permission: { key, action: "read" },
      input: z.looseObject({}),
    },
    ...({ [unused.name]: unusedItems } as { [A in U]: typeof unusedItems }),
  } as const;
};
