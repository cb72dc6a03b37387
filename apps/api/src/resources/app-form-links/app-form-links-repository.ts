import type { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import {
  COMPARED_SELECT,
  externalVersionsRepository,
} from "../external-versions/external-versions-repository.js";

/** Application-form links (docs/outside-channels.md "Application-form links"). */
export const appFormLinksRepository = (db: TTx) => ({
  /** A new link; the applicant's older links still open stop working (issue 19: "revocable by issuing a new one"). */
  async issue(data: { userId: number; authorId: number; tokenHash: string; expiresAt: Date }) {
    const now = new Date();
    await db.appFormLink.updateMany({
      where: { userId: data.userId, submittedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    });
    return db.appFormLink.create({ data });
  },

  /** The link behind a token's hash, with the applicant's values the form starts from. */
  byTokenHash(tokenHash: string) {
    return db.appFormLink.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        userId: true,
        expiresAt: true,
        revokedAt: true,
        submittedAt: true,
        user: { select: COMPARED_SELECT },
      },
    });
  },

  /**
   * The submission, once: the link is marked submitted only while it is still open (a
   * conditional update, so two submits at once store one), the version is written and the
   * applicant's ext_update mark follows. Null when the link was no longer open.
   */
  async submit(
    link: { id: number; userId: number },
    version: { fields: Prisma.InputJsonValue; pending: boolean },
  ): Promise<number | null> {
    const now = new Date();
    const { count } = await db.appFormLink.updateMany({
      where: { id: link.id, submittedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { submittedAt: now },
    });
    if (count !== 1) return null;
    const versions = externalVersionsRepository(db);
    const row = await versions.createVersion({
      itemType: "users",
      itemId: link.userId,
      source: "application_form",
      externalId: String(link.id),
      fields: version.fields,
      seaService: [],
      status: version.pending ? "pending" : "reviewed",
      authorId: null,
    });
    await db.appFormLink.update({ where: { id: link.id }, data: { versionId: row.id } });
    await versions.refreshApplicant(link.userId);
    return row.id;
  },
});

export type TAppFormLinksRepository = ReturnType<typeof appFormLinksRepository>;
