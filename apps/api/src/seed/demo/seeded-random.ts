/**
 * mulberry32: a small seeded generator, so every fresh install gets the same demo data.
 * Each demo part starts its own with a seed of its own.
 */
export const seededRandom = (seed: number) => {
  let a = seed;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(next() * list.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  };
  /** One of `pairs`' values, each as likely as its weight. */
  const weighted = <T>(pairs: readonly (readonly [T, number])[]): T => {
    let r = next() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of pairs) {
      r -= w;
      if (r < 0) return value;
    }
    const first = pairs[0];
    if (!first) throw new Error("weighted choice from nothing");
    return first[0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
};

export const DAY = 86_400_000;
/** Midnight UTC of the day `ms` falls on. */
export const day = (ms: number): Date => new Date(Math.floor(ms / DAY) * DAY);
