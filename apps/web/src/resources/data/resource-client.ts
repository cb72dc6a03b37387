import type { TResourceDef } from "@crew/contracts";
import { apiPaths, create, get, getList, getOne, remove, update, type TListParams } from "../../api";
import { compactFilter, sortExpression, type TListQuery } from "../list-state/list-query";
import type { TPayload } from "../form/form-model";
import type { TIncluded, TListPage, TOneRecord, TResourceRecord, TSelectOption } from "./resource-types";

/**
 * The screens' view of the shell's data provider: list queries in the list-state shape and
 * `included` indexed for lookups by relationship.
 */
export const indexIncluded = (included: readonly TResourceRecord[]): TIncluded =>
  new Map(included.map((r) => [`${r.type}:${r.id}`, r]));

export const listParams = (query: TListQuery, include: readonly string[] = []): TListParams => ({
  page: query.page,
  perPage: query.perPage,
  sort: sortExpression(query.sort),
  filter: compactFilter(query.filter),
  search: query.search,
  include: include.length ? include : undefined,
});

export const fetchList = async (
  def: TResourceDef,
  query: TListQuery,
  include: readonly string[] = [],
  signal?: AbortSignal,
): Promise<TListPage> => {
  const page = await getList(def.type, listParams(query, include), signal);
  return {
    data: page.data,
    included: indexIncluded(page.included),
    total: page.total,
    estimated: page.estimated,
    lastPage: page.lastPage,
  };
};

export const fetchOne = async (
  def: TResourceDef,
  id: string,
  include: readonly string[] = [],
  signal?: AbortSignal,
): Promise<TOneRecord> => {
  const one = await getOne(def.type, id, { include: include.length ? include : undefined }, signal);
  return { record: one.data, included: indexIncluded(one.included) };
};

export const createRecord = (def: TResourceDef, payload: TPayload): Promise<TResourceRecord> =>
  create(
    def.type,
    payload.attributes,
    Object.keys(payload.relationships).length ? payload.relationships : undefined,
  );

export const updateRecord = (def: TResourceDef, id: string, payload: TPayload): Promise<TResourceRecord> =>
  update(
    def.type,
    id,
    payload.attributes,
    Object.keys(payload.relationships).length ? payload.relationships : undefined,
  );

export const deleteRecord = (def: TResourceDef, id: string): Promise<void> => remove(def.type, id);

interface TSelectOptionsDocument {
  data: { id: string; attributes: { label: string; value: string | number | null } }[];
}

/** Choices of a to-one relationship: GET /api/select_options?type=…&q=… */
export const fetchSelectOptions = async (
  type: string,
  q: string,
  signal?: AbortSignal,
): Promise<TSelectOption[]> => {
  const doc = await get<TSelectOptionsDocument>(apiPaths.selectOptions(), { type, q }, { signal });
  return doc.data.map((o) => ({ value: String(o.attributes.value ?? o.id), label: o.attributes.label }));
};
