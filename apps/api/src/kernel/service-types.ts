import type {
  TAction,
  TListDocument,
  TResourceDef,
  TResourceIdentifier,
  TResourceObject,
  TSingleDocument,
} from "@crew/contracts";
import type { TActor } from "../http/context.js";
import type { TStoredFileRow } from "../storage/stored-files-repository.js";
import type { TUpload } from "../storage/upload.js";
import type { TTx } from "./model-types.js";
import type { TLinkage, TLinkTitles } from "./serialize.js";
import type { TRow, TWhere } from "./store.js";
import type { TWriteInput } from "./write-body.js";

/** A list under a parent record (`users/{id}/expiriences`). */
export interface TParentScope {
  type: string;
  id: number;
  /** This resource's relationship that points at the parent. */
  relationship: string;
  /** Set by the route that already checked, in this request, that the caller may read the parent. */
  checked?: true;
}

/** What a list call may add to the query of the request: a parent, extra parameters, a clause. */
export interface TListOptions {
  parent?: TParentScope;
  extraParams?: readonly string[];
  where?: TWhere;
}

export type TRelationshipOp = "replace" | "add" | "remove";

/**
 * The generic service of one resource, as routes, actions and other services call it. Declared
 * here rather than inferred from its making so that what the kernel hands to hooks and actions
 * (kernel-deps.ts) does not import the engine that runs them. Every method starts with its one
 * access check.
 */
export interface TResourceService {
  def: TResourceDef;
  access(actor: TActor, action: TAction): void;
  serialize(
    row: TRow,
    actor: TActor | null,
    fields?: string[],
    linkage?: TLinkage,
    files?: Record<string, unknown>,
    titles?: TLinkTitles,
  ): TResourceObject;

  list(
    actor: TActor,
    rawQuery: Record<string, unknown>,
    url: string,
    opts?: TListOptions,
  ): Promise<TListDocument>;
  show(actor: TActor, id: number, rawQuery: Record<string, unknown>): Promise<TSingleDocument>;
  /** The record for bespoke services: 404 unless the caller may read it. */
  find(actor: TActor, id: number): Promise<TRow>;
  /**
   * The record of an action that needs a permission of its own (a status change needs
   * crewUserStatus, not crewUsers.read): the scope applies, the read permission does not.
   */
  findInScope(actor: TActor, id: number): Promise<TRow>;
  /** A nested list's parent must exist and be readable by the caller (its permission and scope), else 403/404. */
  parentReadable(actor: TActor, parent: TParentScope): Promise<void>;
  /** The record must exist and be readable by the caller, as `find` checks (403, 404), without reading it. */
  requireReadable(actor: TActor, id: number): Promise<void>;
  /** GET /{type}/{id}/relationships/{name}: the linkage, as far as the caller may see the related type. */
  relationship(
    actor: TActor,
    id: number,
    name: string,
  ): Promise<{ data: TResourceIdentifier | TResourceIdentifier[] | null }>;
  /** Ids among `ids` the caller may read (permission and scope): relationship checks and includes. */
  readableIds(actor: TActor, ids: readonly number[], client?: TTx): Promise<Set<number>>;
  /** Ids among `ids` of records that exist but that the caller's scope hides (History). */
  outOfScopeIds(actor: TActor, ids: readonly number[], client?: TTx): Promise<number[]>;
  /** The ids among `ids` a write may name: readable, or choosable in a form the caller may submit. */
  pickableIds(actor: TActor, ids: readonly number[], client?: TTx): Promise<Set<number>>;
  /** Adds the readable records among `ids` (and their own `nested` includes) to `out`. */
  includeRecords(
    actor: TActor,
    ids: readonly number[],
    nested: readonly string[],
    fields: Record<string, string[]>,
    out: Map<string, TResourceObject>,
  ): Promise<void>;
  /**
   * Titles of the records among `ids` the caller may pick in a form it may submit but not read
   * (the same records select_options lists): served with records that link to them. A reader
   * of the type gets none (it includes the records themselves).
   */
  titles(actor: TActor, ids: readonly number[]): Promise<Map<number, string>>;
  /** GET /api/select_options?type=: {id, label} of the records the caller may pick, matched by title. */
  options(actor: TActor, q: string | undefined, size: number): Promise<TResourceObject[]>;
  /** A written record as the answer of a write: its attributes, stored relationships and files. */
  answer(actor: TActor, row: TRow): Promise<TSingleDocument>;

  create(actor: TActor, input: TWriteInput, parent?: TParentScope): Promise<TSingleDocument>;
  update(actor: TActor, id: number, input: TWriteInput): Promise<TSingleDocument>;
  remove(actor: TActor, id: number): Promise<void>;
  /** PATCH (replace), POST (add) and DELETE (remove) on /{type}/{id}/relationships/{name}. */
  writeRelationship(
    actor: TActor,
    id: number,
    name: string,
    op: TRelationshipOp,
    ids: number[],
    flags?: Readonly<Record<string, unknown>>,
  ): Promise<void>;

  /** GET /{type}/{id}/versions: who changed what and when, for the record and what belongs to it. */
  versions(actor: TActor, id: number, rawQuery: Record<string, unknown>, url: string): Promise<TListDocument>;

  uploadFiles(
    actor: TActor,
    id: number,
    attribute: string,
    uploads: readonly TUpload[],
  ): Promise<TSingleDocument>;
  reorderFiles(
    actor: TActor,
    id: number,
    attribute: string,
    ids: readonly number[],
  ): Promise<TSingleDocument>;
  removeFile(actor: TActor, file: TStoredFileRow): Promise<void>;

  /** The resource's repository over the pool or a transaction, for its actions. */
  repository(client?: TTx): unknown;
}
