import { AppError, type TFieldIssue } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import type { TActionCtx } from "../../kernel/actions.js";
import type { TKernelServices } from "../../kernel/kernel-deps.js";
import { ownerScope } from "../fleet/fleet-scopes.js";

/**
 * The owner × rank × item matrix kernel of the API (docs/decisions.md "One matrix kernel"): the
 * document matrix (owner_groups) and the protective-equipment matrix (owner_matrices) are an
 * owner's matrices, one current, of ranks (rows) by items of one kind (columns) with cells.
 * Their bindings share the rule of one current matrix per owner, the body check, and the
 * create, edit, copy and unused_roles actions from here; a kind gives its repository (the
 * Prisma of its own tables), how its columns are checked and how a matrix is copied.
 */

/** What every kind's body has: a title, ranks and cells on a rank. */
export interface TMatrixBodyBase {
  title: string;
  role_ids: number[];
  items: { role_id: number }[];
}

/** The repository a kind gives: the matrix's own tables. */
export interface TOwnerMatrixRepository<B extends TMatrixBodyBase, S> {
  matrix(id: number): Promise<(S & { ownerId: number; title: string }) | null>;
  /** Serialises writes to one owner's matrices (which one is current). */
  lockOwner(ownerId: number): Promise<void>;
  makeCurrent(ownerId: number, id: number): Promise<void>;
  promoteNewest(ownerId: number): Promise<void>;
  existingRanks(ids: readonly number[]): Promise<{ id: number }[]>;
  createMatrix(ownerId: number, title: string): Promise<{ id: number }>;
  rename(id: number, title: string): Promise<void>;
  replaceContent(id: number, body: Omit<B, "title">): Promise<void>;
}

/** How a kind's columns (documents, items) are checked in a body; each error names its field. */
export interface TMatrixColumnRules<B extends TMatrixBodyBase, R> {
  /** The column ids of the body, in order. */
  ids(body: B): number[];
  /** A column listed twice (at `index`). */
  duplicate(id: number, index: number): TFieldIssue;
  /** Which of `ids` exist in the kind's reference list. */
  existing(repo: R, ids: readonly number[]): Promise<{ id: number }[]>;
  missing(id: number): TFieldIssue;
  /** The column of a cell. */
  cellColumn(cell: B["items"][number]): number;
  /** Cell `index` is on a rank or column the matrix does not have. */
  stray(index: number): TFieldIssue;
  /** Cell `index` repeats another (kinds that refuse it; others keep the last). */
  repeated?(index: number): TFieldIssue;
}

export interface TOwnerMatrixKind<B extends TMatrixBodyBase, S, R extends TOwnerMatrixRepository<B, S>> {
  /** The matrix resource (for the answer after a write: the whole matrix). */
  type: "owner_groups" | "owner_matrices";
  include: string;
  columns: TMatrixColumnRules<B, R>;
  /** A stored matrix as a body (without its title) for the copy. */
  copyOf(source: S): Omit<B, "title">;
  /** The ranks relation that says "a row of matrix `id`" (Prisma where on ranks). */
  rankInMatrix(id: number): Record<string, unknown>;
}

/** A partner reads the matrices of its own owners only (the owners' rule, fleet-scopes.ts). */
export const matrixScope = (actor: TActor) => ({ owner: { is: ownerScope(actor) } });

/**
 * The body checked against itself and the reference data: each column once, ranks and columns
 * that exist, every cell on a rank and a column of the matrix (422 naming the field).
 */
export const checkMatrixBody = async <
  B extends TMatrixBodyBase,
  R extends { existingRanks: TOwnerMatrixRepository<B, unknown>["existingRanks"] },
>(
  repo: R,
  body: B,
  rules: TMatrixColumnRules<B, R>,
): Promise<B> => {
  const roleIds = [...new Set(body.role_ids)];
  const seen = new Set<number>();
  for (const [i, id] of rules.ids(body).entries()) {
    if (seen.has(id)) throw AppError.invalid([rules.duplicate(id, i)]);
    seen.add(id);
  }
  const ranks = new Set((await repo.existingRanks(roleIds)).map((r) => r.id));
  const missingRank = roleIds.find((id) => !ranks.has(id));
  if (missingRank !== undefined)
    throw AppError.invalid([
      { field: "role_ids", message: `names rank ${missingRank}, which does not exist` },
    ]);
  const found = new Set((await rules.existing(repo, [...seen])).map((c) => c.id));
  const missing = [...seen].find((id) => !found.has(id));
  if (missing !== undefined) throw AppError.invalid([rules.missing(missing)]);
  const roles = new Set(roleIds);
  const cells = new Set<string>();
  for (const [i, c] of body.items.entries()) {
    const column = rules.cellColumn(c);
    if (!roles.has(c.role_id) || !seen.has(column)) throw AppError.invalid([rules.stray(i)]);
    const key = `${c.role_id}:${column}`;
    if (rules.repeated && cells.has(key)) throw AppError.invalid([rules.repeated(i)]);
    cells.add(key);
  }
  return { ...body, role_ids: roleIds };
};

/** The owner a matrix is made for: in the caller's scope (a partner: its own), else 404. */
const ownerInScope = async (kernel: TKernelServices, actor: TActor, ownerId: number): Promise<void> => {
  await kernel.serviceOf("owners").findInScope(actor, ownerId);
};

/**
 * The hooks of a matrix resource: its owner never changes (copy instead), writes to an owner's
 * matrices are serialised, and one matrix per owner is current: one made current retires the
 * other; when the current one goes or stops being current, the newest left is.
 */
export const currentMatrixHooks = <
  R extends Pick<TOwnerMatrixRepository<never, unknown>, "lockOwner" | "makeCurrent" | "promoteNewest">,
>() => ({
  async toData(
    _input: unknown,
    _defaults: unknown,
    ctx: {
      mode: "create" | "update";
      before: { ownerId: number } | null;
      next: { ownerId?: unknown };
      repo: R;
    },
  ): Promise<Record<string, never>> {
    if (ctx.mode === "update" && ctx.before && ctx.next.ownerId !== ctx.before.ownerId)
      throw AppError.invalid([
        { field: "owner", message: "cannot change: copy the matrix instead", location: "relationships" },
      ]);
    if (typeof ctx.next.ownerId === "number") await ctx.repo.lockOwner(ctx.next.ownerId);
    return {};
  },
  async afterWrite(
    after: { id: number; ownerId: number; current: boolean },
    ctx: { repo: R },
  ): Promise<void> {
    if (after.current) await ctx.repo.makeCurrent(after.ownerId, after.id);
    else await ctx.repo.promoteNewest(after.ownerId);
  },
  async afterDelete(row: { ownerId: number }, ctx: { repo: R }): Promise<void> {
    await ctx.repo.promoteNewest(row.ownerId);
  },
});

/** create_matrix, edit_matrix, copy_matrix and unused_roles of a kind. */
export const ownerMatrixActions = <B extends TMatrixBodyBase, S, R extends TOwnerMatrixRepository<B, S>>(
  kind: TOwnerMatrixKind<B, S, R>,
) => {
  const showWhole = (kernel: TKernelServices, actor: TActor, id: number) =>
    kernel.serviceOf(kind.type).show(actor, id, { include: kind.include });
  return {
    async create_matrix(ctx: TActionCtx<R, B & { owner_id: number }>) {
      const ownerId = ctx.input.owner_id;
      await ownerInScope(ctx.kernel, ctx.actor, ownerId);
      const id = await ctx.transaction(async (repo) => {
        const body = await checkMatrixBody(repo, ctx.input, kind.columns);
        await repo.lockOwner(ownerId);
        const { id } = await repo.createMatrix(ownerId, body.title);
        await repo.replaceContent(id, body);
        await repo.makeCurrent(ownerId, id);
        return id;
      });
      return { status: 201, document: await showWhole(ctx.kernel, ctx.actor, id) };
    },
    async edit_matrix(ctx: TActionCtx<R, B, number>) {
      await ctx.transaction(async (repo) => {
        const body = await checkMatrixBody(repo, ctx.input, kind.columns);
        await repo.rename(ctx.id, body.title);
        await repo.replaceContent(ctx.id, body);
      });
      return { document: await showWhole(ctx.kernel, ctx.actor, ctx.id) };
    },
    async copy_matrix(ctx: TActionCtx<R, { owner_id: number; title?: string | undefined }, number>) {
      await ownerInScope(ctx.kernel, ctx.actor, ctx.input.owner_id);
      const id = await ctx.transaction(async (repo) => {
        const source = await repo.matrix(ctx.id);
        if (!source) throw AppError.notFound();
        await repo.lockOwner(ctx.input.owner_id);
        const { id } = await repo.createMatrix(ctx.input.owner_id, ctx.input.title ?? source.title);
        await repo.replaceContent(id, kind.copyOf(source));
        await repo.makeCurrent(ctx.input.owner_id, id);
        return id;
      });
      return { status: 201, document: await showWhole(ctx.kernel, ctx.actor, id) };
    },
    /** Ranks on the owner's fleet (active manning-scale rows, its own template rows) not yet rows of the matrix. */
    async unused_roles(ctx: TActionCtx<R, Record<string, unknown>, number>) {
      const matrix = await ctx.repo.matrix(ctx.id);
      if (!matrix) throw AppError.notFound();
      const ownerId = matrix.ownerId;
      const where = {
        manningScales: {
          some: { state: "active", OR: [{ ownerId }, { vessel: { ownerVessel: { is: { ownerId } } } }] },
        },
        ...kind.rankInMatrix(ctx.id),
      };
      return { document: await ctx.kernel.serviceOf("ranks").list(ctx.actor, ctx.input, ctx.url, { where }) };
    },
  };
};
