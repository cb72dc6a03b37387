/** JSON:API names are snake_case (spec: crewing_priority); Prisma fields are camelCase. */
export const camel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The foreign-key field of a to-one relationship: vendor_type → vendorTypeId. */
export const foreignKey = (relationship: string): string => `${camel(relationship)}Id`;
