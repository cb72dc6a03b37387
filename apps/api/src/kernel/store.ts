import type { TModel, TTx } from "./model-types.js";

/**
 * The structural view of a Prisma model delegate that the generic engine works with. The
 * binding (kernel/binding.ts) checks each definition against its model's own types; inside
 * the engine rows and clauses are plain records. `storeOf` is the one place a delegate is
 * seen through this view.
 */
export type TRow = { id: number } & Record<string, unknown>;
export type TWhere = Record<string, unknown>;
export type TOrderBy = Record<string, unknown>[];
export type TInclude = Record<string, unknown>;
export type TSelect = Record<string, boolean>;

export interface TStore {
  findMany(args: {
    where?: TWhere;
    orderBy?: TOrderBy;
    skip?: number;
    take?: number;
    include?: TInclude;
    select?: TSelect;
    distinct?: string[];
  }): Promise<TRow[]>;
  count(args: { where?: TWhere }): Promise<number>;
  findFirst(args: { where: TWhere; include?: TInclude; select?: TSelect }): Promise<TRow | null>;
  create(args: { data: Record<string, unknown>; include?: TInclude }): Promise<TRow>;
  createMany(args: { data: Record<string, unknown>[]; skipDuplicates?: boolean }): Promise<{ count: number }>;
  update(args: { where: { id: number }; data: Record<string, unknown>; include?: TInclude }): Promise<TRow>;
  updateMany(args: { where: TWhere; data: Record<string, unknown> }): Promise<{ count: number }>;
  delete(args: { where: { id: number } }): Promise<TRow>;
  deleteMany(args: { where: TWhere }): Promise<{ count: number }>;
}

/** `VesselType` → `vesselType`: the client property of a model. */
const propOf = (model: TModel): string => model.charAt(0).toLowerCase() + model.slice(1);

export const storeOf = (client: TTx, model: TModel): TStore => {
  const delegate = (client as unknown as Record<string, TStore | undefined>)[propOf(model)];
  if (!delegate) throw new Error(`No Prisma model ${model}`);
  return delegate;
};
