import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@crew/contracts";

export type TSortOrder = "asc" | "desc";
export interface TSort {
  field: string;
  order: TSortOrder;
}

/** Filter values as the query string carries them; '' and 'all' mean "no filter". */
export type TFilterValues = Readonly<Record<string, string>>;

/** What a list asks the server for; mirrored in the address so reload, back and links restore it. */
export interface TListQuery {
  page: number;
  perPage: number;
  sort: TSort;
  filter: TFilterValues;
  search: string;
}

export const PER_PAGE_CHOICES = [15, 25, 50, 100] as const;

/** "-created_at" → {field: created_at, order: desc}; the JSON:API sort expression of a definition. */
export const parseSort = (expression: string): TSort => {
  const first = expression.split(",")[0]?.trim() ?? "";
  return first.startsWith("-") ? { field: first.slice(1), order: "desc" } : { field: first, order: "asc" };
};

export const sortExpression = (sort: TSort): string =>
  sort.order === "desc" ? `-${sort.field}` : sort.field;

/** Drops empty and 'all' values (spec: the query helper drops empty values; 'all' means no filter). */
export const compactFilter = (filter: TFilterValues): TFilterValues =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== "" && v !== "all"));

export const sameFilter = (a: TFilterValues, b: TFilterValues): boolean => {
  const ca = compactFilter(a);
  const cb = compactFilter(b);
  const keys = Object.keys(ca);
  return keys.length === Object.keys(cb).length && keys.every((k) => ca[k] === cb[k]);
};

export const sameQuery = (a: TListQuery, b: TListQuery): boolean =>
  a.page === b.page &&
  a.perPage === b.perPage &&
  a.sort.field === b.sort.field &&
  a.sort.order === b.sort.order &&
  a.search === b.search &&
  sameFilter(a.filter, b.filter);

export const defaultQuery = (defaultSort: string, filter: TFilterValues = {}): TListQuery => ({
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  sort: parseSort(defaultSort),
  filter: compactFilter(filter),
  search: "",
});

const FILTER_PARAM = /^filter\[([A-Za-z0-9_]+)\]$/;
const LIST_PARAMS = ["page", "perPage", "sort", "search", "filter"];

/** True when the address carries any list parameter (otherwise the last-visited query applies). */
export const hasListParams = (params: URLSearchParams): boolean =>
  [...params.keys()].some((k) => LIST_PARAMS.includes(k) || FILTER_PARAM.test(k));

const positiveInt = (raw: string | null, fallback: number, max: number): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Reads a query from the address; anything malformed falls back to the defaults. */
export const queryFromParams = (params: URLSearchParams, defaults: TListQuery): TListQuery => {
  const filter: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = FILTER_PARAM.exec(key);
    if (match?.[1]) filter[match[1]] = value;
  }
  const sortRaw = params.get("sort");
  return {
    page: positiveInt(params.get("page"), 1, Number.MAX_SAFE_INTEGER),
    perPage: positiveInt(params.get("perPage"), defaults.perPage, MAX_PAGE_SIZE),
    sort: sortRaw && /^-?[A-Za-z0-9_.]+$/.test(sortRaw) ? parseSort(sortRaw) : defaults.sort,
    filter:
      params.getAll("filter").length === 0 && Object.keys(filter).length === 0
        ? defaults.filter
        : compactFilter(filter),
    search: params.get("search") ?? "",
  };
};

/**
 * Writes a query into address parameters, leaving out what equals the defaults so a plain
 * list keeps a plain address. Parameters that are not the list's own are kept.
 */
export const queryToParams = (
  query: TListQuery,
  defaults: TListQuery,
  keep?: URLSearchParams,
): URLSearchParams => {
  const params = new URLSearchParams();
  if (keep) {
    for (const [k, v] of keep) if (!LIST_PARAMS.includes(k) && !FILTER_PARAM.test(k)) params.append(k, v);
  }
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.perPage !== defaults.perPage) params.set("perPage", String(query.perPage));
  if (sortExpression(query.sort) !== sortExpression(defaults.sort))
    params.set("sort", sortExpression(query.sort));
  if (query.search !== "") params.set("search", query.search);
  const filter = compactFilter(query.filter);
  for (const key of Object.keys(filter).sort()) params.set(`filter[${key}]`, filter[key] ?? "");
  // A filter cleared back to nothing while defaults carry one must still be visible in the address.
  if (Object.keys(filter).length === 0 && Object.keys(defaults.filter).length > 0)
    params.set("filter", "none");
  return params;
};
