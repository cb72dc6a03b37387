/**
 * Query values as the API reads them (spec 7.1): nested objects become key[sub]=value,
 * arrays are comma lists (JSON:API include/fields), and empty values are dropped (spec 5:
 * "the local query helper drops empty and undefined values").
 */
export type TQueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[] | TQuery;
export interface TQuery {
  readonly [key: string]: TQueryValue;
}

const isEmpty = (value: TQueryValue): boolean =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

const pairs = (prefix: string, value: TQueryValue, out: string[]): void => {
  if (isEmpty(value)) return;
  if (Array.isArray(value)) {
    out.push(`${prefix}=${value.map((v) => encodeURIComponent(String(v))).join(",")}`);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, sub] of Object.entries(value as TQuery))
      pairs(`${prefix}[${encodeURIComponent(key)}]`, sub, out);
  } else {
    out.push(`${prefix}=${encodeURIComponent(String(value))}`);
  }
};

/** `?a=1&filter[x]=y`, or '' when nothing is left. Brackets stay readable in logs. */
export const encodeQuery = (query: TQuery | undefined): string => {
  if (!query) return "";
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) pairs(encodeURIComponent(key), value, out);
  return out.length > 0 ? `?${out.join("&")}` : "";
};
