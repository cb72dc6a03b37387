/**
 * Names come from the definitions (a few hundred): computed once each instead of by a regular
 * expression for every attribute of every row served. Bounded, as a client's unknown names
 * are refused before they get here, but capped all the same.
 */
const camels = new Map<string, string>();
const snakes = new Map<string, string>();
const memo = (cache: Map<string, string>, key: string, make: () => string): string => {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size < 10_000) cache.set(key, value);
  }
  return value;
};

/** JSON:API names are snake_case (spec: crewing_priority); Prisma fields are camelCase. */
export const camel = (s: string): string =>
  memo(camels, s, () => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
export const snake = (s: string): string =>
  memo(snakes, s, () => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

/** The foreign-key field of a to-one relationship: vendor_type → vendorTypeId. */
export const foreignKey = (relationship: string): string => `${camel(relationship)}Id`;
