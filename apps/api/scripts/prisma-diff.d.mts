/** See prisma-diff.mjs. */
export declare const prismaDiffSql: (
  from: string,
  to: string,
  options?: { databaseUrl?: string },
) => Promise<string>;
