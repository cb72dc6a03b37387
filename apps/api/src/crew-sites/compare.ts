import { EXTERNAL_FIELDS, type TExternalChange, type TExternalField } from "@crew/contracts";

/** An applicant's comparable values, as the diff shows them (dates yyyy-mm-dd). */
export type TComparable = Partial<Record<TExternalField, string | number | null>>;

const same = (field: TExternalField, a: string | number, b: string | number): boolean => {
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  const x = a.trim().replace(/\s+/g, " ");
  const y = b.trim().replace(/\s+/g, " ");
  if (field === "email") return x.toLowerCase() === y.toLowerCase();
  if (field === "mobile_phone" || field === "mobile_phone_alternative")
    return x.replace(/[^\d+]/g, "") === y.replace(/[^\d+]/g, "");
  return x === y;
};

/**
 * The fields where the site says something other than our record. A field the site leaves
 * empty is no change: a site that shows less never proposes erasing what we know.
 */
export const changesOf = (theirs: TComparable, ours: TComparable): TExternalChange[] =>
  EXTERNAL_FIELDS.flatMap((field) => {
    const t = theirs[field];
    if (t === null || t === undefined || t === "") return [];
    const o = ours[field] ?? null;
    if (o !== null && o !== "" && same(field, o, t)) return [];
    return [{ field, ours: o, theirs: t }];
  });

/** A sea-service row as the match reads it (days yyyy-mm-dd). */
export interface TServiceKey {
  vessel: string;
  date_on: string | null;
  date_off: string | null;
}

const keyOf = (s: TServiceKey): string =>
  `${s.vessel.trim().replace(/\s+/g, " ").toLowerCase()}|${s.date_on ?? ""}|${s.date_off ?? ""}`;

/**
 * The positions of the site's sea-service rows our applicant lacks: a row is ours already when
 * one of our records names the same vessel (any case and spacing) with the same sign-on and
 * sign-off days. A row without a sign-on day is never "new": it cannot be recorded.
 */
export const newSeaService = (theirs: readonly TServiceKey[], ours: readonly TServiceKey[]): number[] => {
  const have = new Set(ours.map(keyOf));
  return theirs.flatMap((s, i) => (s.date_on && !have.has(keyOf(s)) ? [i] : []));
};
