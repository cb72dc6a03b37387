import type { TActor } from "../http/context.js";
import type { TDataOf, TIncludeOf, TModel, TOrderByOf, TRowOf, TTx, TWhereOf } from "./model-types.js";
import type { TRelationMap } from "./relations.js";
import type { TWriteInput } from "./write-body.js";
import type { TActionHandler } from "./actions.js";
import type { TKernelServices } from "./kernel-deps.js";

/** A change through a relationship endpoint (`PATCH`/`POST`/`DELETE /{type}/{id}/relationships/{name}`). */
export interface TRelationshipChange {
  name: string;
  op: "replace" | "add" | "remove";
  ids: readonly number[];
  /** The endpoint's declared top-level members besides `data` (definition `relationshipFlags`), validated. */
  flags: Readonly<Record<string, unknown>>;
}
import type { TListQuery } from "./list-query.js";
import type { TUpload } from "../storage/upload.js";

/** What every write hook is told: who writes, how, the row before, and the resource's repository inside the write's transaction. */
export interface TWriteCtx<M extends TModel, R> {
  actor: TActor;
  mode: "create" | "update";
  /** The record's id (update; after the insert for afterWrite of a create). */
  id: number | undefined;
  /** The row as it was before this write (null on create). */
  before: TRowOf<M> | null;
  /**
   * The row as this write leaves it, as far as the request says: `before` with each written
   * column over it (toData's own changes are not in it). A hook that checks a rule over several
   * columns reads them here instead of rebuilding `defaults.x ?? before?.x`.
   */
  next: TDataOf<M>;
  input: TWriteInput;
  /** The resource's repository, bound to the write's transaction. */
  repo: R;
  /**
   * Records of other live types this write changed as a side effect (a crew change moving its
   * plans): told to live subscribers once the transaction has committed.
   */
  touched: (type: string, ids: readonly number[]) => void;
  /**
   * Work to run once the transaction has committed (queue a job about what was written: a
   * vacancy's channel post to take down). A failure there is logged; the write stands.
   */
  afterCommit: (fn: () => Promise<unknown>) => void;
  /** Jobs, configuration and the logger (no database handle: the repository is the way in). */
  kernel: TKernelServices;
}

export interface TDeleteCtx<R> {
  actor: TActor;
  repo: R;
  /** As in TWriteCtx: other records this delete changed, published after the commit. */
  touched: (type: string, ids: readonly number[]) => void;
  /** As in TWriteCtx: work to run once the delete has committed. */
  afterCommit: (fn: () => Promise<unknown>) => void;
  kernel: TKernelServices;
}

/**
 * What a resource adds to the generic behaviour, typed by its Prisma model M. R is the type
 * of its own repository (`repository(tx)`), the only way a hook reaches the database.
 */
export interface THooks<M extends TModel, R = undefined> {
  /** The resource's repository over a client: the transaction of a write, or the pool for reads. */
  repository?: (client: TTx) => R;
  /** Restricts every path that reads or references this resource (list, show, include, options, relationship checks, parents). */
  scope?(actor: TActor): TWhereOf<M>;
  /** Filters whose meaning is not "attribute equals value". */
  filters?: Record<string, (value: unknown, actor: TActor) => TWhereOf<M>>;
  /** Sorts that are not a column of the row (names in the definition's `sorts`). */
  sorts?: Record<string, (desc: boolean) => TOrderByOf<M>>;
  /** The search strategy; default: each word in one of the definition's `search` attributes (ILIKE). */
  search?(text: string, actor: TActor): TWhereOf<M>;
  /**
   * Serves the list query itself, for lists the generic where-clauses cannot serve at scale
   * (full-text search, filters over other tables): the ids of the requested page in order and
   * the total. It applies the query's filters, search and sort and the reader's scope (the
   * kernel has checked the read permission); the kernel loads the rows (with `include`), their
   * linkage, files, computed values and includes. Nested lists keep the generic query.
   * `estimated`: the total is an estimate (meta.total_estimated).
   */
  listPage?(
    query: TListQuery,
    ctx: { actor: TActor; repo: R },
  ): Promise<{ ids: number[]; total: number; estimated?: boolean }>;
  /** GET /api/select_options of this type when its title column alone cannot serve them (a label of several columns, search at scale). */
  options?(
    q: string | undefined,
    size: number,
    ctx: { actor: TActor; repo: R },
  ): Promise<{ id: number; label: string }[]>;
  /** Relations always loaded with a row (for computed attributes). */
  include?: TIncludeOf<M>;
  /**
   * The relations a list needs for a sparse fieldset (`fields[type]=...`), instead of `include`:
   * a planner asking for dates and names does not pay for every relation the full record reads.
   */
  includeFor?(fields: readonly string[]): TIncludeOf<M>;
  /**
   * How the targets of a to-one or to-many relationship are checked on a write, instead of
   * "the writer may read them" (a partner plans on its own vessels' manning-scale rows without
   * reading manning scales): the ids among `ids` the writer may link to.
   */
  relationshipTargets?: Record<
    string,
    (ids: readonly number[], ctx: { actor: TActor; repo: R }) => Promise<ReadonlySet<number>>
  >;
  /** Attributes computed from the row (and its `include`d relations). */
  computed?: Record<string, (row: TRowOf<M> & Record<string, unknown>, actor: TActor) => unknown>;
  /**
   * Attributes computed for a whole page at once (one query for all rows: a caller's stars,
   * a seafarer's other plans). `names` lists them for the binding check.
   */
  computedMany?: {
    names: readonly string[];
    /** `fields`: the reader's sparse fieldset when it named one (compute only what it asks for). */
    load(
      rows: readonly TRowOf<M>[],
      ctx: { actor: TActor; repo: R; fields?: readonly string[] },
    ): Promise<Map<number, Record<string, unknown>>>;
  };
  /** Attributes left out of every answer to this reader (a partner_view never sees offers). */
  hidden?(actor: TActor): readonly string[];
  /** `meta` of a one-record answer (a write's, read after it committed, and show): warnings a planner should see. */
  answerMeta?(row: TRowOf<M>, ctx: { actor: TActor; repo: R }): Promise<Record<string, unknown> | undefined>;
  /**
   * Checks an upload of a file attribute before it is stored (POST /{type}/{id}/files/{attribute}):
   * throw to refuse it (a 422 naming what is wrong); the strings returned are warnings, given in
   * the answer's `meta.warnings` (an owner's contract template without an MLC particular).
   */
  checkUpload?(attribute: string, upload: TUpload, ctx: { actor: TActor; id: number }): Promise<string[]>;
  /** Attributes the definition declares that are not columns (a password the hook hashes). */
  virtual?: readonly string[];
  /** Storage of relationships that are not a foreign-key column of this row. */
  relations?: Record<string, TRelationMap>;
  /**
   * Changes to the column data of a write, over the defaults (each written attribute and
   * to-one relationship in its column). Runs inside the write's transaction.
   */
  toData?(input: TWriteInput, defaults: TDataOf<M>, ctx: TWriteCtx<M, R>): Promise<TDataOf<M>> | TDataOf<M>;
  /** Runs in the write's transaction after the row is written; the answer re-reads the row. */
  afterWrite?(after: TRowOf<M>, ctx: TWriteCtx<M, R>): Promise<void>;
  beforeDelete?(row: TRowOf<M>, ctx: TDeleteCtx<R>): Promise<void>;
  afterDelete?(row: TRowOf<M>, ctx: TDeleteCtx<R>): Promise<void>;
  /** Handlers of the definition's actions, by action name. */
  actions?: Record<string, TActionHandler<R>>;
  /**
   * A relationship endpoint's change, before it is written, in its transaction: refuse it
   * (assigning what is already assigned is a 400) with an AppError.
   */
  beforeRelationshipChange?(
    change: TRelationshipChange,
    ctx: { actor: TActor; id: number; before: TRowOf<M>; repo: R; kernel: TKernelServices },
  ): Promise<void>;
  /** After such a change committed: what its flags ask for (a vessel's registry refresh). */
  afterRelationshipChange?(
    change: TRelationshipChange,
    ctx: {
      actor: TActor;
      id: number;
      repo: R;
      kernel: TKernelServices;
      transaction<T>(fn: (repo: R) => Promise<T>): Promise<T>;
    },
  ): Promise<void>;
}
