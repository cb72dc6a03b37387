import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client.js";

export type TDb = PrismaClient;

/**
 * One Prisma client per process. `embedded` limits the pool to one connection because the
 * embedded PGlite is a single session (db/embedded.ts).
 */
export const createDb = (connectionString: string, embedded: boolean): TDb => {
  const adapter = new PrismaPg({
    connectionString,
    max: embedded ? 1 : 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  return new PrismaClient({ adapter });
};
