import { PLACEMENT_STATUSES, type TPlacementStatus } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import type { TListQuery } from "../../kernel/list-query.js";
import { parseSearch, type TSearchQuery } from "./search-text.js";

export interface TRange {
  from: number | null;
  to: number | null;
}

/** The list filters of spec 001 with their values parsed (docs/applicants.md "Filters"). */
export interface TApplicantFilter {
  role?: number[];
  status?: TPlacementStatus[];
  statusId?: number[];
  companyManagerName?: string;
  favorites?: boolean;
  tags?: number[];
  tagsMatch?: "any" | "all";
  deadweight?: TRange;
  age?: TRange;
  vesselTypeIds?: number[];
  externalLinks?: boolean;
  engineTypes?: number[];
  engineManufacturers?: number[];
  showArchived?: boolean;
}

/** Sort names of the list and what they order by (applicants-list-repository.ts maps them to columns). */
export const APPLICANT_SORTS = [
  "id",
  "created_at",
  "updated_at",
  "crewing_applicant_id",
  "surname",
  "full_name",
  "birthday",
  "age",
  "status",
  "readiness_date",
  "wage",
  "vessel_last_name",
  "last_contract_soff",
  "vessel_planned_name",
  "date_planned",
  "promotions_count",
  "last_contact",
] as const;
export type TApplicantSort = (typeof APPLICANT_SORTS)[number];

/** One applicant list query as the SQL builder takes it: filters, search and sort of the caller. */
export interface TApplicantQuery {
  /** Whose stars `favorites` means. */
  actorId: number;
  filter: TApplicantFilter;
  search: TSearchQuery;
  sort: { field: TApplicantSort; desc: boolean }[];
}

const isSort = (name: string): name is TApplicantSort =>
  (APPLICANT_SORTS as readonly string[]).includes(name);

const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === "number");
const ids = (v: unknown): number[] | undefined => (isIds(v) ? v : undefined);
const isEnd = (v: unknown): v is number | null => v === null || typeof v === "number";
const range = (v: unknown): TRange | undefined =>
  typeof v === "object" && v !== null && "from" in v && "to" in v && isEnd(v.from) && isEnd(v.to)
    ? { from: v.from, to: v.to }
    : undefined;
const bool = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined);
const isStatus = (v: unknown): v is TPlacementStatus => PLACEMENT_STATUSES.some((s) => s === v);
const statuses = (v: unknown): TPlacementStatus[] | undefined =>
  Array.isArray(v) && v.every(isStatus) ? v : undefined;

/** The kernel's parsed list query (its values validated by the definition's zod) as the SQL builder's query. */
export const applicantQueryOf = (
  query: Pick<TListQuery, "filter" | "search" | "sort">,
  actorId: number,
): TApplicantQuery => {
  const f = query.filter;
  const filter: TApplicantFilter = {};
  const set = <K extends keyof TApplicantFilter>(key: K, value: TApplicantFilter[K] | undefined) => {
    if (value !== undefined) filter[key] = value;
  };
  set("role", ids(f.role));
  set("status", statuses(f.status));
  set("statusId", ids(f.status_id));
  set("companyManagerName", typeof f.company_manager_name === "string" ? f.company_manager_name : undefined);
  set("favorites", bool(f.favorites));
  set("tags", ids(f.tags));
  set("tagsMatch", f.tags_match === "every" ? "all" : f.tags_match === "any" ? "any" : undefined);
  set("deadweight", range(f.deadweight));
  set("age", range(f.age));
  set("vesselTypeIds", ids(f.equasis_vessel_type_id));
  set("externalLinks", bool(f.external_links));
  set("engineTypes", ids(f.engine_type));
  set("engineManufacturers", ids(f.engine_manufacturer));
  set("showArchived", bool(f.show_archived));
  const sort = query.sort.map((s) => {
    if (!isSort(s.field)) throw AppError.badRequest(`Cannot sort users by '${s.field}'`, "sort");
    return { field: s.field, desc: s.desc };
  });
  return { actorId, filter, search: query.search ? parseSearch(query.search) : [], sort };
};
