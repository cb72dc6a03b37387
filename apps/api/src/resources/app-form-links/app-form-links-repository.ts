import { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import { publishAfterCommit } from "../../kernel/transaction-repository.js";
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
        draft: true,
        draftSavedAt: true,
        user: { select: COMPARED_SELECT },
      },
    });
  },

  /** The files sent with the form so far (documents in order, then the photo). */
  files(linkId: number) {
    return db.storedFile.findMany({
      where: { recordType: "app_form_links", recordId: linkId },
      orderBy: [{ name: "asc" }, { position: "asc" }, { id: "asc" }],
    });
  },

  /**
   * The form's files changed: the new ones' rows (their objects already stored), the ones the
   * seafarer removed (only this link's own: an id of another record's file removes nothing).
   * The keys of the removed objects, to delete after the commit.
   */
  async changeFiles(
    linkId: number,
    added: readonly {
      key: string;
      filename: string;
      contentType: string;
      byteSize: number;
      checksum: string;
      name: string;
    }[],
    removeIds: readonly number[],
  ): Promise<string[]> {
    const own = { recordType: "app_form_links", recordId: linkId };
    const removed = await db.storedFile.findMany({
      where: {
        ...own,
        OR: [
          { id: { in: [...removeIds] } },
          // One photo: a new one replaces the old.
          ...(added.some((a) => a.name === "photo") ? [{ name: "photo" }] : []),
        ],
      },
      select: { id: true, key: true },
    });
    if (removed.length) await db.storedFile.deleteMany({ where: { id: { in: removed.map((r) => r.id) } } });
    const last = await db.storedFile.aggregate({
      where: { ...own, name: "documents" },
      _max: { position: true },
    });
    let position = (last._max.position ?? -1) + 1;
    if (added.length)
      await db.storedFile.createMany({
        data: added.map((a) => ({
          ...a,
          ...own,
          position: a.name === "documents" ? position++ : 0,
          authorId: null,
        })),
      });
    return removed.map((r) => r.key);
  },

  /**
   * Files of forms never sent whose link closed before `closedBefore` (replaced or expired), and
   * of links deleted: their rows deleted, their object keys returned to delete after the commit.
   */
  async deleteAbandonedFiles(closedBefore: Date): Promise<string[]> {
    const rows = await db.$queryRaw<{ id: number; key: string }[]>`
      SELECT f.id, f.key FROM stored_files f
      LEFT JOIN app_form_links l ON l.id = f.record_id
      WHERE f.record_type = 'app_form_links'
        AND (l.id IS NULL
          OR (l.submitted_at IS NULL AND (l.revoked_at < ${closedBefore} OR l.expires_at < ${closedBefore})))`;
    if (rows.length) await db.storedFile.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return rows.map((r) => r.key);
  },

  /** Whether these ids name the link's photo. */
  async isPhoto(linkId: number, fileIds: readonly number[]): Promise<boolean> {
    const n = await db.storedFile.count({
      where: { recordType: "app_form_links", recordId: linkId, name: "photo", id: { in: [...fileIds] } },
    });
    return n > 0;
  },

  /**
   * The link's files taken into the applicant's record: each scan becomes an attachment (titled
   * by its name) holding the same stored object, the photo the applicant's avatar (the old
   * avatar's keys returned, to delete after the commit). Only this link's own files move; the
   * ids that are not its own are returned as missing and nothing moves.
   */
  async takeFiles(
    link: { id: number; userId: number },
    fileIds: readonly number[],
    authorId: number,
  ): Promise<{ missing: number[]; attachmentIds: number[]; replacedKeys: string[] }> {
    const files = await db.storedFile.findMany({
      where: { recordType: "app_form_links", recordId: link.id, id: { in: [...fileIds] } },
      orderBy: [{ name: "asc" }, { position: "asc" }],
    });
    const missing = fileIds.filter((id) => !files.some((f) => f.id === id));
    if (missing.length) return { missing, attachmentIds: [], replacedKeys: [] };
    const attachmentIds: number[] = [];
    let replacedKeys: string[] = [];
    for (const file of files) {
      if (file.name === "photo") {
        const old = await db.storedFile.findMany({
          where: { recordType: "users", recordId: link.userId, name: "avatar" },
          select: { id: true, key: true },
        });
        await db.storedFile.deleteMany({ where: { id: { in: old.map((o) => o.id) } } });
        replacedKeys = old.map((o) => o.key);
        await db.storedFile.update({
          where: { id: file.id },
          data: { recordType: "users", recordId: link.userId, name: "avatar", position: 0 },
        });
        continue;
      }
      const attachment = await db.attachment.create({
        data: { userId: link.userId, title: file.filename, authorId },
      });
      attachmentIds.push(attachment.id);
      await db.storedFile.update({
        where: { id: file.id },
        data: { recordType: "attachments", recordId: attachment.id, name: "document", position: 0 },
      });
    }
    const at = new Date().toISOString();
    if (attachmentIds.length)
      publishAfterCommit(db, {
        type: "attachments",
        ids: attachmentIds,
        event: "create",
        actorId: authorId,
        at,
      });
    publishAfterCommit(db, { type: "users", ids: [link.userId], event: "update", actorId: authorId, at });
    return { missing: [], attachmentIds, replacedKeys };
  },

  /** Whether the link still takes a draft or a submission (not sent, replaced, deleted or expired), locking it for this transaction. */
  async stillOpen(linkId: number): Promise<boolean> {
    const { count } = await db.appFormLink.updateMany({
      where: { id: linkId, submittedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      data: { updatedAt: new Date() },
    });
    return count === 1;
  },

  /** The seafarer's draft, kept on the link (never the applicant's until sent). */
  async saveDraft(linkId: number, draft: Prisma.InputJsonValue): Promise<void> {
    await db.appFormLink.update({ where: { id: linkId }, data: { draft, draftSavedAt: new Date() } });
  },

  /**
   * The submission, once: the link is marked submitted only while it is still open (a
   * conditional update, so two submits at once store one), the version is written and the
   * applicant's ext_update mark follows. Null when the link was no longer open.
   */
  async submit(
    link: { id: number; userId: number },
    version: { fields: Prisma.InputJsonValue; seaService: Prisma.InputJsonValue; pending: boolean },
  ): Promise<number | null> {
    const now = new Date();
    const { count } = await db.appFormLink.updateMany({
      where: { id: link.id, submittedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { submittedAt: now, draft: Prisma.DbNull },
    });
    if (count !== 1) return null;
    const versions = externalVersionsRepository(db);
    const row = await versions.createVersion({
      itemType: "users",
      itemId: link.userId,
      source: "application_form",
      externalId: String(link.id),
      fields: version.fields,
      seaService: version.seaService,
      status: version.pending ? "pending" : "reviewed",
      authorId: null,
    });
    await db.appFormLink.update({ where: { id: link.id }, data: { versionId: row.id } });
    await versions.refreshApplicant(link.userId);
    return row.id;
  },
});

export type TAppFormLinksRepository = ReturnType<typeof appFormLinksRepository>;
