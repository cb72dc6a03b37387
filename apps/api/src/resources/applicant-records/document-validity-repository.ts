import { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import { notificationOutbox } from "../notifications/notification-outbox-repository.js";

/** A document that crossed a warning line, with what its recruiter's notice says. */
export interface TMovedDocument {
  id: number;
  userId: number;
  /** The applicant's author: the recruiter told of it (null: nobody). */
  recruiterId: number | null;
  oldLine: number | null;
  newLine: number | null;
  kind: string;
  number: string;
  validUntil: Date;
  surname: string;
  name: string;
  /** A newer document of the same kind and type makes this one's expiry no news. */
  superseded: boolean;
}

const SETTING = "document_expiry_days";

/** The document warning lines (app_settings) and the documents placed by them (docs/records.md "Validity"). */
export const documentValidityRepository = (db: TTx) => ({
  /** Stores the configured lines; true when they changed (every document is then placed again). */
  async applyLines(days: readonly number[]): Promise<boolean> {
    const current = await db.appSetting.findUnique({ where: { key: SETTING } });
    const value = [...days].sort((a, b) => b - a);
    if (current && JSON.stringify(current.value) === JSON.stringify(value)) return false;
    await db.appSetting.upsert({
      where: { key: SETTING },
      create: { key: SETTING, value },
      update: { value },
    });
    return true;
  },

  /**
   * Places documents by today's date and the stored lines, set-based; answers those that moved.
   * Normally only documents not yet marked expired that are inside the widest line (or past it)
   * can move; `all` places every dated document (the lines changed).
   */
  async moveOn(all: boolean): Promise<TMovedDocument[]> {
    const scope = all
      ? Prisma.sql`d.valid_until IS NOT NULL`
      : Prisma.sql`d.valid_until <= current_date + (SELECT max(x) FROM unnest(lines.l) AS x) + 1 AND (d.expiry_line IS NULL OR d.expiry_line > 0)`;
    return db.$queryRaw<TMovedDocument[]>`
      WITH lines AS (SELECT document_expiry_days() AS l),
      candidates AS (
        SELECT d.id, d.expiry_line AS old_line, document_expiry_line(d.valid_until, current_date, lines.l) AS new_line
          FROM applicant_documents d, lines
         WHERE ${scope}
      ),
      moved AS (
        UPDATE applicant_documents d SET expiry_line = c.new_line, validity = document_validity(c.new_line)
          FROM candidates c
         WHERE d.id = c.id AND d.expiry_line IS DISTINCT FROM c.new_line
        RETURNING d.id, d.user_id, d.n_doc, d.n_tpd, d.number, d.valid_until, c.old_line, c.new_line
      )
      SELECT m.id, m.user_id AS "userId", u.author_id AS "recruiterId", m.old_line AS "oldLine", m.new_line AS "newLine",
             k.title AS kind, m.number, m.valid_until AS "validUntil", u.surname, u.name,
             EXISTS (SELECT 1 FROM applicant_documents o
                      WHERE o.user_id = m.user_id AND o.n_doc = m.n_doc AND o.n_tpd = m.n_tpd AND o.id <> m.id
                        AND (o.valid_until IS NULL OR o.valid_until > m.valid_until)) AS superseded
        FROM moved m
        JOIN users u ON u.id = m.user_id
        JOIN applicant_document_kinds k ON k.id = m.n_doc
       ORDER BY m.user_id, m.id`;
  },

  async notify(
    notices: readonly { recipientId: number; primaryText: string; secondaryText: string; itemLink: string }[],
  ): Promise<void> {
    await notificationOutbox(db).send(notices);
  },
});
