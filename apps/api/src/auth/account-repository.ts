import type { TDb } from "../db/client.js";
import { permissionRepository } from "../permissions/permission-repository.js";

/** The account fields sign-in needs. */
export interface TAccount {
  id: number;
  name: string;
  email: string;
  passwordHash: string | null;
  role: string;
  status: string;
  avatar: string | null;
  equasisEmail: string | null;
  googleSub: string | null;
}

const SELECT = {
  id: true,
  name: true,
  email: true,
  passwordHash: true,
  role: true,
  status: true,
  avatar: true,
  equasisEmail: true,
  googleSub: true,
} as const;

export const findAccountByEmail = (db: TDb, email: string): Promise<TAccount | null> =>
  // Emails are stored lower-case; the comparison ignores case all the same for older rows.
  db.client.findFirst({
    where: { email: { equals: email, mode: "insensitive" } },
    select: SELECT,
    orderBy: { id: "asc" },
  });

export const findAccountByGoogleSub = (db: TDb, googleSub: string): Promise<TAccount | null> =>
  db.client.findUnique({ where: { googleSub }, select: SELECT });

/** Remembers the Google account a staff account signed in with, so a later address change at Google still finds it. */
export const linkGoogleSub = async (db: TDb, clientId: number, googleSub: string): Promise<void> => {
  await db.client.updateMany({ where: { id: clientId, googleSub: null }, data: { googleSub } });
};

export const permissionsRevision = (db: TDb): Promise<bigint> => permissionRepository(db).revision();
