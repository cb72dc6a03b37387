import type { TListDocument, TResourceIdentifier, TResourceObject, TSingleDocument } from "@crew/contracts";
import { DEFAULT_PAGE_SIZE } from "@crew/contracts";
import { del, get, patch, post } from "./http-client";
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
}

export interface TListResult<A = TAttributes> {
  data: TResourceObject<A>[];
  included: TResourceObject[];
  /** Total matching records (meta.count, spec 4.2). */
  total: number;
  /** Last page number, read from links.last's page[number]. */
  lastPage: number;
}

export interface TOneResult<A = TAttributes> {
  data: TResourceObject<A>;
  included: TResourceObject[];
}

/** Relationship values by name: one identifier, several, or null to clear. */
export type TRelationshipsInput = Readonly<Record<string, TResourceIdentifier | readonly TResourceIdentifier[] | null>>;

const collectionPath = (type: string): string => `/${type}`;
const memberPath = (type: string, id: string | number): string => `/${type}/${encodeURIComponent(String(id))}`;

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
});

export const getList = async <A = TAttributes>(
  type: string,
  params: TListParams = {},
  signal?: AbortSignal,
): Promise<TListResult<A>> => {
  const doc = await get<TListDocument<A>>(collectionPath(type), listQuery(params), { signal });
  const perPage = params.perPage ?? DEFAULT_PAGE_SIZE;
  const total = doc.meta?.count ?? doc.meta?.total ?? doc.data.length;
  return {
    data: doc.data,
    included: doc.included ?? [],
    total,
    lastPage: pageNumberOf(doc.links?.last) ?? Math.max(1, Math.ceil(total / perPage)),
  };
};

export const getOne = async <A = TAttributes>(
  type: string,
  id: string | number,
  params: { include?: readonly string[] } = {},
  signal?: AbortSignal,
): Promise<TOneResult<A>> => {
  const doc = await get<TSingleDocument<A>>(memberPath(type, id), { include: params.include }, { signal });
  return { data: doc.data, included: doc.included ?? [] };
};

const writeBody = (type: string, attributes: TAttributes, relationships?: TRelationshipsInput, id?: string | number) => ({
  data: {
    type,
    ...(id === undefined ? {} : { id: String(id) }),
    attributes,
    ...(relationships
      ? { relationships: Object.fromEntries(Object.entries(relationships).map(([name, data]) => [name, { data }])) }
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
  (await patch<TSingleDocument<A>>(memberPath(type, id), writeBody(type, attributes, relationships, id))).data;

/** DELETE answers 204 without a body. */
export const remove = (type: string, id: string | number): Promise<void> => del(memberPath(type, id));

export const dataProvider = { getList, getOne, create, update, remove } as const;
export type TDataProvider = typeof dataProvider;
