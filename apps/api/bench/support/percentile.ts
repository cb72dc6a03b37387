/**
 * Two readings of a percentile, kept apart so each bench prints what it always printed: the
 * request-timing benches (fleet, applicants, records) use the nearest rank, the load and
 * autocannon-side benches (load, cost, auth) the value at index floor(q·n).
 */

/** The p-th percentile (p in 0..100) of ascending `sorted`, by the nearest-rank rule; NaN when empty. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The value at index floor(q·n) of ascending `sorted` (q in 0..1); 0 when empty. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A copy of `times`, ascending. */
export const ascending = (times: readonly number[]): number[] => [...times].sort((a, b) => a - b);
