/**
 * The structural view of a Prisma model delegate that the generic engine needs. Prisma's
 * own delegate types differ per model and cannot be named generically; the registry casts
 * each delegate to this once (resources/registry.ts).
 */
export type TRow = { id: number } & Record<string, unknown>;
export type TWhere = Record<string, unknown>;
export type TOrderBy = Record<string, "asc" | "desc">[];
export type TInclude = Record<string, boolean>;

export interface TStore {
  findMany(args: { where?: TWhere; orderBy?: TOrderBy; skip?: number; take?: number; include?: TInclude }): Promise<TRow[]>;
  count(args: { where?: TWhere }): Promise<number>;
  findFirst(args: { where: TWhere; include?: TInclude }): Promise<TRow | null>;
  create(args: { data: Record<string, unknown>; include?: TInclude }): Promise<TRow>;
  update(args: { where: { id: number }; data: Record<string, unknown>; include?: TInclude }): Promise<TRow>;
  delete(args: { where: { id: number } }): Promise<TRow>;
}
