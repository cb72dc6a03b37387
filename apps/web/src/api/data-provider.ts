import {
  DEFAULT_PAGE_SIZE,
  resourceByType,
  type TListDocument,
  type TParentDef,
  type TResourceDef,
  type TResourceIdentifier,
  type TResourceObject,
  type TSingleDocument,
} from "@crew/contracts";
import { apiPaths } from "./api-paths";
import { del, get, patch, post, request, requestFile, type TFetchedFile } from "./http-client";
import type { TQuery } from "./query-string";

/**
 * A react-admin style data provider over the JSON:API resources (spec 7.2). Plain
 * functions, no React: list and form screens wrap them in react-query with `queryKeys`.
 */
export type TAttributes = Record<string, unknown>;
export type TFilterValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface TListParams {
  /** 1-based. */
  page?: number;
  perPage?: number;
  /** JSON:API sort expression: `title`, `-created_at`, `a,-b`. */
  sort?: string;
  /** Sent as filter[name]=value; empty values are dropped. */
  filter?: Readonly<Record<string, TFilterValue>>;
  search?: string;
  include?: readonly string[];
  /** Sparse fieldsets: sent as fields[type]=a,b (only these attributes come back). */
  fields?: Readonly<Record<string, readonly string[]>>;
}

export interface TListResult<A = TAttributes> {
  data: TResourceObject<A>[];
  included: TResourceObject[];
  /** Total matching records (meta.count, spec 4.2). */
  total: number;
  /** The total is the server's estimate (meta.total_estimated): too many matches to count quickly. */
  estimated: boolean;
  /** Last page number, read from links.last's page[number]. */
  lastPage: number;
}

export interface TOneResult<A = TAttributes> {
  data: TResourceObject<A>;
  included: TResourceObject[];
}

/** Relationship values by name: one identifier, several, or null to clear. */
export type TRelationshipsInput = Readonly<
  Record<string, TResourceIdentifier | readonly TResourceIdentifier[] | null>
>;

const collectionPath = apiPaths.collection;
const memberPath = apiPaths.member;

/** page[number] of a pagination link; undefined when the link has none. */
export const pageNumberOf = (link: string | null | undefined): number | undefined => {
  if (!link) return undefined;
  const query = link.includes("?") ? link.slice(link.indexOf("?") + 1) : "";
  const value = new URLSearchParams(query).get("page[number]");
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

export const listQuery = (params: TListParams): TQuery => ({
  page: { size: params.perPage ?? DEFAULT_PAGE_SIZE, number: params.page ?? 1 },
  sort: params.sort,
  filter: params.filter,
  search: params.search?.trim(),
  include: params.include,
  fields: params.fields,
});

const listResult = <A>(doc: TListDocument<A>, params: TListParams): TListResult<A> => {
  const perPage = params.perPage ?? DEFAULT_PAGE_SIZE;
  const total = doc.meta?.count ?? doc.meta?.total ?? doc.data.length;
  return {
    data: doc.data,
    included: doc.included ?? [],
    total,
    estimated: doc.meta?.total_estimated === true,
    lastPage: pageNumberOf(doc.links?.last) ?? Math.max(1, Math.ceil(total / perPage)),
  };
};

export const getList = async <A = TAttributes>(
  type: string,
  params: TListParams = {},
  signal?: AbortSignal,
): Promise<TListResult<A>> =>
  listResult(await get<TListDocument<A>>(collectionPath(type), listQuery(params), { signal }), params);

export const getOne = async <A = TAttributes>(
  type: string,
  id: string | number,
  params: { include?: readonly string[] } = {},
  signal?: AbortSignal,
): Promise<TOneResult<A>> => {
  const doc = await get<TSingleDocument<A>>(memberPath(type, id), { include: params.include }, { signal });
  return { data: doc.data, included: doc.included ?? [] };
};

const writeBody = (
  type: string,
  attributes: TAttributes,
  relationships?: TRelationshipsInput,
  id?: string | number,
) => ({
  data: {
    type,
    ...(id === undefined ? {} : { id: String(id) }),
    attributes,
    ...(relationships
      ? {
          relationships: Object.fromEntries(
            Object.entries(relationships).map(([name, data]) => [name, { data }]),
          ),
        }
      : {}),
  },
});

export const create = async <A = TAttributes>(
  type: string,
  attributes: TAttributes,
  relationships?: TRelationshipsInput,
): Promise<TResourceObject<A>> =>
  (await post<TSingleDocument<A>>(collectionPath(type), writeBody(type, attributes, relationships))).data;

export const update = async <A = TAttributes>(
  type: string,
  id: string | number,
  attributes: TAttributes,
  relationships?: TRelationshipsInput,
): Promise<TResourceObject<A>> =>
  (await patch<TSingleDocument<A>>(memberPath(type, id), writeBody(type, attributes, relationships, id)))
    .data;

/** DELETE answers 204 without a body. */
export const remove = (type: string, id: string | number): Promise<void> => del(memberPath(type, id));

/** Which parent record a nested list belongs to; `path` defaults to the definition's own (`parent.path ?? type`). */
export interface TParentRef {
  parentType: string;
  parentId: string | number;
  path?: string;
}

/** The definition and its parent entry of a nested list; an undeclared parent is a programming error. */
export const parentOf = (type: string, ref: TParentRef): { def: TResourceDef; parent: TParentDef } => {
  const def = resourceByType(type);
  const declared = def?.parents?.find(
    (p) => p.type === ref.parentType && (ref.path === undefined || (p.path ?? type) === ref.path),
  );
  if (!def || !declared) throw new Error(`${type} is not listed under ${ref.parentType}`);
  return { def, parent: declared };
};

/** The children of one parent (react-admin's getManyReference): `GET /api/{parent}/{id}/{path}` with the usual list params. */
export const getManyReference = async <A = TAttributes>(
  type: string,
  ref: TParentRef,
  params: TListParams = {},
  signal?: AbortSignal,
): Promise<TListResult<A>> => {
  const { def, parent } = parentOf(type, ref);
  const doc = await get<TListDocument<A>>(apiPaths.nested(def, parent, ref.parentId), listQuery(params), {
    signal,
  });
  return listResult(doc, params);
};

/**
 * A new child of a parent: `POST` on the nested path where the definition serves it (the
 * server fills the parent in), else the plain create with the parent relationship set.
 */
export const createManyReference = async <A = TAttributes>(
  type: string,
  ref: TParentRef,
  attributes: TAttributes,
  relationships: TRelationshipsInput = {},
): Promise<TResourceObject<A>> => {
  const { def, parent } = parentOf(type, ref);
  if (parent.create) {
    const path = apiPaths.nested(def, parent, ref.parentId);
    return (
      await post<TSingleDocument<A>>(
        path,
        writeBody(type, attributes, Object.keys(relationships).length ? relationships : undefined),
      )
    ).data;
  }
  const linked = { ...relationships, [parent.relationship]: { type: parent.type, id: String(ref.parentId) } };
  return create<A>(type, attributes, linked);
};

/** JSON:API relationship endpoints: replace (PATCH), add to (POST) or remove from (DELETE) a to-many; replace a to-one. */
export type TRelationshipOp = "replace" | "add" | "remove";
const RELATIONSHIP_METHODS = { replace: "PATCH", add: "POST", remove: "DELETE" } as const;

export const writeRelationship = async (
  type: string,
  id: string | number,
  name: string,
  op: TRelationshipOp,
  data: TResourceIdentifier | readonly TResourceIdentifier[] | null,
  /** Top-level members the resource declares besides `data` (a vessel's `update_from_equasis`). */
  flags: Readonly<Record<string, unknown>> = {},
): Promise<TResourceIdentifier | TResourceIdentifier[] | null> => {
  const answer = await request<{ data: TResourceIdentifier | TResourceIdentifier[] | null } | undefined>(
    RELATIONSHIP_METHODS[op],
    apiPaths.relationship(type, id, name),
    { body: { ...flags, data } },
  );
  return answer?.data ?? (Array.isArray(data) ? [] : null);
};

export const replaceRelationship = (
  type: string,
  id: string | number,
  name: string,
  data: TResourceIdentifier | readonly TResourceIdentifier[] | null,
  flags?: Readonly<Record<string, unknown>>,
) => writeRelationship(type, id, name, "replace", data, flags);
export const addToRelationship = (
  type: string,
  id: string | number,
  name: string,
  data: readonly TResourceIdentifier[],
) => writeRelationship(type, id, name, "add", data);
export const removeFromRelationship = (
  type: string,
  id: string | number,
  name: string,
  data: readonly TResourceIdentifier[],
) => writeRelationship(type, id, name, "remove", data);

/** A version of a record or of a record that belongs to it (`GET /api/{type}/{id}/versions`). */
export interface TVersionAttributes {
  item_type: string;
  item_id: number | string;
  event: "create" | "update" | "delete";
  /** `{column: [before, after]}`; secrets read "[redacted]". */
  changes: Record<string, [unknown, unknown]> | null;
  owner_type: string | null;
  owner_id: number | string | null;
  actor_id: number | string | null;
  actor_name: string | null;
  request_id: string | null;
  created_at: string;
}

export const getVersions = async (
  type: string,
  id: string | number,
  page: { number: number; size?: number } = { number: 1 },
  signal?: AbortSignal,
): Promise<TListResult<TVersionAttributes>> => {
  const params: TListParams = { page: page.number, perPage: page.size ?? DEFAULT_PAGE_SIZE };
  const doc = await get<TListDocument<TVersionAttributes>>(
    apiPaths.versions(type, id),
    { page: { size: params.perPage, number: params.page } },
    { signal },
  );
  return listResult(doc, params);
};

/** Removes one stored file (`DELETE /api/files/{id}`). */
export const removeFile = (fileId: string | number): Promise<void> => del(apiPaths.file(fileId));

/** New order of a `files` attribute; answers the updated record when the server sends it. */
export const reorderFiles = async (
  type: string,
  id: string | number,
  attribute: string,
  ids: readonly (string | number)[],
): Promise<TResourceObject | undefined> =>
  (await patch<TSingleDocument | undefined>(apiPaths.files(type, id, attribute), { ids }))?.data;

/**
 * A stored file's bytes with the session headers (its `url` is under /api), named from
 * Content-Disposition: for previews (object URLs) and downloads.
 */
export const fetchFile = async (url: string, signal?: AbortSignal): Promise<TFetchedFile> => {
  const answer = await requestFile("GET", url, { signal });
  if (!answer.file) throw new Error("The server answered with data, not a file");
  return answer.file;
};

/** Saves a fetched file under its own name (a temporary link clicked for the browser's download). */
export const saveFile = ({ blob, filename }: TFetchedFile): void => {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(href), 0);
};

export const downloadFile = async (url: string): Promise<void> => saveFile(await fetchFile(url));

export const dataProvider = {
  getList,
  getOne,
  getManyReference,
  create,
  createManyReference,
  update,
  remove,
  writeRelationship,
  getVersions,
  removeFile,
  reorderFiles,
  fetchFile,
} as const;
export type TDataProvider = typeof dataProvider;
