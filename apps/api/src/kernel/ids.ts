/** Ids are PostgreSQL `integer`s: anything else names no record. */
export const MAX_ID = 2_147_483_647;
export const idOf = (id: string): number | undefined => {
  if (!/^[1-9]\d{0,9}$/.test(id)) return undefined;
  const n = Number(id);
  return n <= MAX_ID ? n : undefined;
};

/** From how many ids a read may ask for their range instead of the list. */
const RANGE_FROM = 200;

/**
 * Ids as a set, and their range when it is worth reading instead of the list: many ids that lie
 * close together (a page's 10,000 included scale rows), the range holding at most twice as many.
 * One index range scan and two bound values instead of thousands of probes and an array
 * parameter; the caller narrows the answer to `wanted`.
 */
export const idRange = (
  ids: readonly number[],
): { wanted: Set<number>; range: { min: number; max: number } | null } => {
  const wanted = new Set(ids);
  let min = Infinity;
  let max = -Infinity;
  for (const id of wanted) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const dense = wanted.size >= RANGE_FROM && max - min + 1 <= 2 * wanted.size;
  return { wanted, range: dense ? { min, max } : null };
};
