import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type TResourceDef,
  type TRelationshipDef,
  attributeOf,
  relationshipOf,
  filterOf,
} from "@crew/contracts";
import { AppError } from "../errors/app-error.js";

export interface TSort {
  field: string;
  desc: boolean;
}

export interface TListQuery {
  page: { size: number; number: number };
  sort: TSort[];
  /** Parsed filter values by filter name ('all' and empty values already dropped). */
  filter: Record<string, unknown>;
  search: string | undefined;
  include: string[];
  /** Sparse fieldsets: attribute names to keep, by type. */
  fields: Record<string, string[]>;
}

type TQuery = Record<string, unknown>;

const str = (v: unknown, parameter: string): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw AppError.badRequest(`${parameter} must be a single value`, parameter);
  return v;
};

const intParam = (v: unknown, parameter: string, min: number, max: number): number | undefined => {
  const s = str(v, parameter);
  if (s === undefined || s === "") return undefined;
  const n = Number(s);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw AppError.badRequest(`${parameter} must be a whole number from ${min} to ${max}`, parameter);
  }
  return n;
};

const objectParam = (v: unknown, parameter: string): TQuery => {
  if (v === undefined) return {};
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    throw AppError.badRequest(`${parameter} must be given as ${parameter}[name]=value`, parameter);
  }
  return v as TQuery;
};

/** `vessel.manning_scales`: each segment a relationship of the type before it, at most three deep. */
const checkIncludePath = (
  def: TResourceDef,
  path: string,
  defOf: ((type: string) => TResourceDef | undefined) | undefined,
): void => {
  const segments = path.split(".");
  if (segments.length > 3)
    throw AppError.badRequest(`include '${path}' is nested too deeply (at most 3 levels)`, "include");
  let current: TResourceDef | undefined = def;
  for (const name of segments) {
    const rel: TRelationshipDef | undefined = current ? relationshipOf(current, name) : undefined;
    if (!current || !rel) throw AppError.badRequest(`Cannot include '${path}' with ${def.type}`, "include");
    current = defOf?.(rel.type);
    if (!current && segments.length > 1)
      throw AppError.badRequest(`Cannot include '${path}' with ${def.type}`, "include");
  }
};

const KNOWN = new Set(["page", "sort", "filter", "search", "include", "fields", "q"]);

/**
 * Parses the JSON:API list parameters against a resource definition. Unknown sort,
 * filter, include or field names are 400 (never silently ignored); `filter[x]=all` and
 * empty values mean no filter (spec 000 4.2, 7.1).
 */
export const parseListQuery = (
  def: TResourceDef,
  query: TQuery,
  opts: {
    maxPageSize?: number;
    extraParams?: readonly string[];
    sortable?: readonly string[];
    defOf?: (type: string) => TResourceDef | undefined;
  } = {},
): TListQuery => {
  for (const key of Object.keys(query)) {
    if (!KNOWN.has(key) && !opts.extraParams?.includes(key))
      throw AppError.badRequest(`Unknown query parameter '${key}'`, key);
  }
  const page = objectParam(query.page, "page");
  for (const k of Object.keys(page))
    if (k !== "size" && k !== "number")
      throw AppError.badRequest(`Unknown parameter page[${k}]`, `page[${k}]`);
  const maxSize = opts.maxPageSize ?? def.maxPageSize ?? MAX_PAGE_SIZE;
  const size = intParam(page.size, "page[size]", 1, maxSize) ?? DEFAULT_PAGE_SIZE;
  const number = intParam(page.number, "page[number]", 1, 1_000_000) ?? 1;

  const sortable = new Set([
    "id",
    ...Object.entries(def.attributes)
      .filter(([, a]) => a.sortable)
      .map(([n]) => n),
    ...(def.sorts ?? []),
    ...(opts.sortable ?? []),
  ]);
  const sortText = str(query.sort, "sort") || def.defaultSort;
  const sort = sortText.split(",").map((part) => {
    const desc = part.startsWith("-");
    const field = desc ? part.slice(1) : part;
    if (!sortable.has(field)) throw AppError.badRequest(`Cannot sort ${def.type} by '${field}'`, "sort");
    return { field, desc };
  });

  const filter: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(objectParam(query.filter, "filter"))) {
    const spec = filterOf(def, name);
    if (!spec) throw AppError.badRequest(`Unknown filter '${name}' for ${def.type}`, `filter[${name}]`);
    const value = str(raw, `filter[${name}]`);
    if (value === undefined || value === "" || value === "all" || value === "null") continue;
    const parsed = spec.input.safeParse(value);
    if (!parsed.success) {
      throw AppError.badRequest(
        `filter[${name}]: ${parsed.error.issues[0]?.message ?? "invalid value"}`,
        `filter[${name}]`,
      );
    }
    filter[name] = parsed.data;
  }

  const searchText = (str(query.search, "search") ?? "").trim();
  if (searchText.length > 200)
    throw AppError.badRequest("search is too long (maximum is 200 characters)", "search");
  if (searchText && !def.search?.length)
    throw AppError.badRequest(`${def.type} cannot be searched`, "search");

  const includeText = str(query.include, "include") ?? "";
  const include = includeText
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (include.length > 20) throw AppError.badRequest("include names at most 20 relationships", "include");
  for (const path of include) checkIncludePath(def, path, opts.defOf);

  const fields: Record<string, string[]> = {};
  for (const [type, raw] of Object.entries(objectParam(query.fields, "fields"))) {
    // `id` is always served; spec 002's mention list names it (fields[clients]=id,name), so it is taken and dropped.
    const list = (str(raw, `fields[${type}]`) ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((f) => f && f !== "id");
    const typeDef = type === def.type ? def : opts.defOf?.(type);
    if (!typeDef) throw AppError.badRequest(`Unknown type '${type}' in fields`, `fields[${type}]`);
    for (const f of list) {
      if (!attributeOf(typeDef, f) && !relationshipOf(typeDef, f))
        throw AppError.badRequest(`Unknown field '${f}' of ${type}`, `fields[${type}]`);
    }
    fields[type] = list;
  }
  return { page: { size, number }, sort, filter, search: searchText || undefined, include, fields };
};

/** The parameters among `keys` of a query that takes only those (show: include, fields); any other is 400. */
export const onlyParams = (query: TQuery, keys: readonly string[]): TQuery => {
  const out: TQuery = {};
  for (const k of keys) if (query[k] !== undefined) out[k] = query[k];
  for (const k of Object.keys(query)) {
    if (!keys.includes(k)) throw AppError.badRequest(`Unknown query parameter '${k}'`, k);
  }
  return out;
};
