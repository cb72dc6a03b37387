import type { Prisma } from "../generated/prisma/client.js";

/**
 * Types of the Prisma models, by model name, for binding resource definitions to their
 * tables (kernel/binding.ts). Only types: hooks see their model's own row, where, data and
 * include shapes, so a wrong field name fails `tsc` instead of a request.
 */
export type TModel = Prisma.ModelName;
type TMap = Prisma.TypeMap["model"];
type TOps<M extends TModel> = TMap[M]["operations"];

/** A row's scalar columns. */
export type TRowOf<M extends TModel> = TMap[M]["payload"]["scalars"];
export type TWhereOf<M extends TModel> = NonNullable<TOps<M>["findMany"]["args"]["where"]>;
export type TOrderByOf<M extends TModel> = NonNullable<TOps<M>["findMany"]["args"]["orderBy"]>;
export type TCreateOf<M extends TModel> = TOps<M>["create"]["args"]["data"];
export type TUpdateOf<M extends TModel> = TOps<M>["update"]["args"]["data"];
export type TIncludeOf<M extends TModel> = "include" extends keyof TOps<M>["findMany"]["args"]
  ? NonNullable<TOps<M>["findMany"]["args"]["include"]>
  : never;
/** Relation field names of a model (`manningScales`). */
export type TRelationFieldOf<M extends TModel> = Extract<keyof TMap[M]["payload"]["objects"], string>;
/** Scalar field names of a model. */
export type TFieldOf<M extends TModel> = Extract<keyof TRowOf<M>, string>;

/** The column data of a write: what both create and update accept for plain columns. */
export type TDataOf<M extends TModel> = Partial<TRowOf<M>>;

/** JSON:API snake_case name as the camelCase Prisma field: `crewing_priority` → `crewingPriority`. */
export type TCamel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<TCamel<T>>}` : S;

/** A Prisma client or an interactive transaction's client: repositories take either. */
export type TTx = Prisma.TransactionClient;
