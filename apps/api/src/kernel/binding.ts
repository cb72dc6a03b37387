import type { TResourceDef } from "@crew/contracts";
import type { z } from "zod";
import type { TCamel, TFieldOf, TModel, TRelationFieldOf, TTx } from "./model-types.js";
import type { THooks } from "./hooks.js";
import type { TRelationMap } from "./relations.js";
import type { TRow, TWhere } from "./store.js";
import type { TActionHandler } from "./actions.js";
import type { TActor } from "../http/context.js";
import type { TWriteInput } from "./write-body.js";
import type { TRelationshipChange } from "./hooks.js";
import type { TKernelServices } from "./kernel-deps.js";
import type { TListQuery } from "./list-query.js";
import type { TUpload } from "../storage/upload.js";

/**
 * A definition bound to its Prisma model, as the engine uses it: hooks with their model
 * types erased (they were checked at the binding).
 */
export interface TResourceEntry {
  def: TResourceDef;
  model: TModel;
  hooks: TLooseHooks;
}

export interface TLooseWriteCtx {
  actor: TActor;
  mode: "create" | "update";
  id: number | undefined;
  before: TRow | null;
  next: Record<string, unknown>;
  input: TWriteInput;
  repo: unknown;
  touched: (type: string, ids: readonly number[]) => void;
  afterCommit: (fn: () => Promise<unknown>) => void;
  kernel: TKernelServices;
}

export interface TLooseDeleteCtx {
  actor: TActor;
  repo: unknown;
  touched: (type: string, ids: readonly number[]) => void;
  afterCommit: (fn: () => Promise<unknown>) => void;
  kernel: TKernelServices;
}

/** THooks with rows and clauses as plain records: what the engine calls. */
export interface TLooseHooks {
  repository?: (client: TTx) => unknown;
  scope?(actor: TActor): TWhere;
  filters?: Record<string, (value: unknown, actor: TActor) => TWhere>;
  sorts?: Record<string, (desc: boolean) => unknown>;
  search?(text: string, actor: TActor): TWhere;
  listPage?(
    query: TListQuery,
    ctx: { actor: TActor; repo: unknown },
  ): Promise<{ ids: number[]; total: number; estimated?: boolean }>;
  options?(
    q: string | undefined,
    size: number,
    ctx: { actor: TActor; repo: unknown },
  ): Promise<{ id: number; label: string }[]>;
  include?: Record<string, unknown>;
  includeFor?(fields: readonly string[]): Record<string, unknown>;
  relationshipTargets?: Record<
    string,
    (ids: readonly number[], ctx: { actor: TActor; repo: unknown }) => Promise<ReadonlySet<number>>
  >;
  computed?: Record<string, (row: TRow, actor: TActor) => unknown>;
  computedMany?: {
    names: readonly string[];
    load(
      rows: readonly TRow[],
      ctx: { actor: TActor; repo: unknown; fields?: readonly string[] },
    ): Promise<Map<number, Record<string, unknown>>>;
  };
  hidden?(actor: TActor): readonly string[];
  answerMeta?(row: TRow, ctx: { actor: TActor; repo: unknown }): Promise<Record<string, unknown> | undefined>;
  checkUpload?(attribute: string, upload: TUpload, ctx: { actor: TActor; id: number }): Promise<string[]>;
  virtual?: readonly string[];
  relations?: Record<string, TRelationMap>;
  toData?(
    input: TWriteInput,
    defaults: Record<string, unknown>,
    ctx: TLooseWriteCtx,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  afterWrite?(after: TRow, ctx: TLooseWriteCtx): Promise<void>;
  beforeDelete?(row: TRow, ctx: TLooseDeleteCtx): Promise<void>;
  afterDelete?(row: TRow, ctx: TLooseDeleteCtx): Promise<void>;
  actions?: Record<string, TActionHandler<unknown>>;
  beforeRelationshipChange?(
    change: TRelationshipChange,
    ctx: { actor: TActor; id: number; before: TRow; repo: unknown; kernel: TKernelServices },
  ): Promise<void>;
  afterRelationshipChange?(
    change: TRelationshipChange,
    ctx: {
      actor: TActor;
      id: number;
      repo: unknown;
      kernel: TKernelServices;
      transaction<T>(fn: (repo: unknown) => Promise<T>): Promise<T>;
    },
  ): Promise<void>;
}

type TAttrs<D extends TResourceDef> = D["attributes"];
type TFileAttrs<D extends TResourceDef> = {
  [K in keyof TAttrs<D>]: TAttrs<D>[K] extends { file: object } ? K : never;
}[keyof TAttrs<D>];
type TVirtual<H> = H extends { virtual: readonly (infer V)[] } ? Extract<V, string> : never;
type TComputed<H> =
  | (H extends { computed: infer C } ? Extract<keyof C, string> : never)
  | (H extends { computedMany: { names: readonly (infer N)[] } } ? Extract<N, string> : never);
type TCustomFilters<H> = H extends { filters: infer F } ? Extract<keyof F, string> : never;
type TCustomRelations<H> = H extends { relations: infer R } ? Extract<keyof R, string> : never;

/** Attributes kept in a column: neither virtual, computed nor files. */
type TStored<D extends TResourceDef, H> = Exclude<
  Extract<keyof TAttrs<D>, string>,
  TVirtual<H> | TComputed<H> | TFileAttrs<D>
>;
type TNotColumns<D extends TResourceDef, M extends TModel, H> = {
  [K in TStored<D, H>]: TCamel<K> extends TFieldOf<M> ? never : K;
}[TStored<D, H>];

type TFilterNames<D extends TResourceDef> = D extends { filters: infer F } ? Extract<keyof F, string> : never;
/** Filters the generic query applies (a resource serving its own list query applies all of its own). */
type TPlainFilters<D extends TResourceDef, H> = H extends { listPage: unknown }
  ? never
  : Exclude<TFilterNames<D>, TCustomFilters<H>>;
type TFiltersNotColumns<D extends TResourceDef, M extends TModel, H> = {
  [K in TPlainFilters<D, H>]: TCamel<K> extends TFieldOf<M> ? never : K;
}[TPlainFilters<D, H>];

type TRelationshipNames<D extends TResourceDef> = D extends { relationships: infer R }
  ? { [K in keyof R]: R[K] extends { cardinality: "one" } ? K : never }[keyof R] & string
  : never;
/** Relationships the kernel may infer: the model has a Prisma relation field of their name. */
type TInferable<M extends TModel, N extends string> = {
  [K in N]: TCamel<K> extends TRelationFieldOf<M> ? K : never;
}[N];
type TFkRelations<D extends TResourceDef, M extends TModel, H> = Exclude<
  TRelationshipNames<D>,
  TCustomRelations<H> | TInferable<M, TRelationshipNames<D>>
>;
type TFkNotColumns<D extends TResourceDef, M extends TModel, H> = {
  [K in TFkRelations<D, M, H>]: `${TCamel<K>}Id` extends TFieldOf<M> ? never : K;
}[TFkRelations<D, M, H>];

type TManyNames<D extends TResourceDef> = D extends { relationships: infer R }
  ? { [K in keyof R]: R[K] extends { cardinality: "many" } ? K : never }[keyof R] & string
  : never;
/** To-many relationships neither declared nor named like a Prisma relation field (startup checks the rest). */
type TManyUnmapped<D extends TResourceDef, M extends TModel, H> = Exclude<
  TManyNames<D>,
  TCustomRelations<H> | TInferable<M, TManyNames<D>>
>;

type TActionNames<D extends TResourceDef> = D extends { actions: infer A } ? Extract<keyof A, string> : never;
type TActionsUnhandled<D extends TResourceDef, H> = Exclude<
  TActionNames<D>,
  H extends { actions: infer A } ? Extract<keyof A, string> : never
>;

/**
 * What a binding gets wrong, as required properties with telling names: a typo in a
 * definition or a hook fails `tsc` here instead of a request.
 */
type TProblemsOf<D extends TResourceDef, M extends TModel, H> = ([TNotColumns<D, M, H>] extends [never]
  ? unknown
  : { attributesThatAreNotColumns: TNotColumns<D, M, H> }) &
  ([TFiltersNotColumns<D, M, H>] extends [never]
    ? unknown
    : { filtersWithoutColumnOrHook: TFiltersNotColumns<D, M, H> }) &
  ([TFkNotColumns<D, M, H>] extends [never]
    ? unknown
    : { relationshipsWithoutForeignKey: TFkNotColumns<D, M, H> }) &
  ([TManyUnmapped<D, M, H>] extends [never]
    ? unknown
    : { toManyRelationshipsWithoutStorage: TManyUnmapped<D, M, H> }) &
  ([TActionsUnhandled<D, H>] extends [never] ? unknown : { actionsWithoutHandler: TActionsUnhandled<D, H> });
/**
 * The entry when the binding is sound; otherwise an object naming what is wrong, which is
 * not a TResourceEntry, so `const xBinding: TResourceEntry = bindResource(...)(...)` fails to
 * compile with the problem in the message. (Checked on the result rather than the argument:
 * TypeScript infers hooks with untyped callback parameters in two passes.)
 */
export type TBound<D extends TResourceDef, M extends TModel, H> =
  unknown extends TProblemsOf<D, M, H> ? TResourceEntry : { bindingProblems: TProblemsOf<D, M, H> };

type TActionInput<A> = A extends { input: infer Z }
  ? Z extends z.ZodType
    ? z.output<Z>
    : undefined
  : undefined;
/** Handlers of a definition's actions, each typed by its action's input. */
export type TActionHandlers<D extends TResourceDef, R> = D extends { actions: infer A }
  ? {
      [K in keyof A]: TActionHandler<
        R,
        TActionInput<A[K]>,
        A[K] extends { on: "member" } ? number : number | undefined
      >;
    }
  : Record<string, never>;

/**
 * Binds a definition to its model: `bindResource(ranks, "Rank", ranksRepository)({ ...hooks })`.
 * The first call fixes the definition, the model and the repository type; the second takes
 * the hooks, typed by them, and checks the definition's names against the model's columns.
 */
export const bindResource =
  <const D extends TResourceDef, M extends TModel, R = undefined>(
    def: D,
    model: M,
    repository?: (client: TTx) => R,
  ) =>
  <const H extends Omit<THooks<M, R>, "repository" | "actions"> & { actions?: TActionHandlers<D, R> }>(
    hooks: H,
  ): TBound<D, M, H> => {
    const entry: TResourceEntry = {
      def,
      model,
      // The one erasure: the hooks were checked against M above; the engine passes them rows of M.
      hooks: { ...(hooks as unknown as TLooseHooks), ...(repository ? { repository } : {}) },
    };
    return entry as TBound<D, M, H>;
  };
