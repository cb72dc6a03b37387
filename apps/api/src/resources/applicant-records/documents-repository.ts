import type { TTx } from "../../db/client.js";
import type { TModel } from "../../kernel/model-types.js";
import { existingIds } from "./lookup-repository.js";

/** The endorsement part of a certificate's write, as columns. */
export interface TEndorsementData {
  number: string;
  validFrom?: Date | null | undefined;
  validUntil?: Date | null | undefined;
  issuedBy?: string | null | undefined;
  issuingCountryId?: number | null | undefined;
}

/** A file of an applicant's documents with what its standard name is made of. */
export interface TDocumentFile {
  fileId: number;
  filename: string;
  documentId: number;
  nTpd: number;
  kindTitle: string;
  number: string;
}

/** An applicant's documents: endorsement records, the staff's order, file names. */
export const documentsRepository = (db: TTx) => ({
  exists: (model: TModel, ids: readonly number[]) => existingIds(db, model, ids),

  /** The next place in the applicant's order (new documents go last). */
  async nextSequence(userId: number): Promise<number> {
    const top = await db.applicantDocument.aggregate({ where: { userId }, _max: { sequence: true } });
    return (top._max.sequence ?? 0) + 1;
  },

  /** A certificate's kind 3 record: created beside it (same applicant, kind, rank and place) or updated. */
  async saveEndorsement(
    endorsementId: number | null,
    of: { userId: number; nDoc: number; roleId: number | null; sequence: number },
    e: TEndorsementData,
    authorId: number,
  ): Promise<number> {
    const fields = {
      number: e.number,
      ...(e.validFrom !== undefined ? { validFrom: e.validFrom } : {}),
      ...(e.validUntil !== undefined ? { validUntil: e.validUntil } : {}),
      ...(e.issuedBy !== undefined ? { issuedBy: e.issuedBy } : {}),
      ...(e.issuingCountryId !== undefined ? { issuingCountryId: e.issuingCountryId } : {}),
    };
    if (endorsementId !== null) {
      await db.applicantDocument.update({
        where: { id: endorsementId },
        data: { ...fields, userId: of.userId, nDoc: of.nDoc, roleId: of.roleId },
      });
      return endorsementId;
    }
    const row = await db.applicantDocument.create({
      data: {
        ...fields,
        nTpd: 3,
        userId: of.userId,
        nDoc: of.nDoc,
        roleId: of.roleId,
        sequence: of.sequence,
        authorId,
      },
    });
    return row.id;
  },

  /** Keeps an endorsement on its certificate's applicant, kind and rank (an unchanged row is not recorded by the trail). */
  async followCertificate(
    endorsementId: number,
    of: { userId: number; nDoc: number; roleId: number | null },
  ): Promise<void> {
    await db.applicantDocument.updateMany({
      where: { id: endorsementId },
      data: { userId: of.userId, nDoc: of.nDoc, roleId: of.roleId },
    });
  },

  async removeDocument(id: number): Promise<void> {
    await db.applicantDocument.deleteMany({ where: { id } });
  },

  /** The applicant of each of `ids` that exists. */
  async owners(ids: readonly number[]): Promise<Map<number, number>> {
    const rows = await db.applicantDocument.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, userId: true },
    });
    return new Map(rows.map((r) => [r.id, r.userId]));
  },

  /** The staff's order: `ids` first to last; the applicant's other documents keep their order after them. */
  async reorder(userId: number, ids: readonly number[]): Promise<void> {
    const rest = await db.applicantDocument.findMany({
      where: { userId, id: { notIn: [...ids] } },
      orderBy: [{ sequence: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    const order = [...ids, ...rest.map((r) => r.id)];
    await db.$executeRaw`
      UPDATE applicant_documents d SET sequence = o.n
        FROM unnest(${order}::int[]) WITH ORDINALITY AS o(id, n)
       WHERE d.id = o.id AND d.sequence IS DISTINCT FROM o.n::integer`;
  },

  /** The applicant's name and the files of all their documents, in the documents' order. */
  async files(
    userId: number,
  ): Promise<{ applicant: { surname: string; name: string } | null; files: TDocumentFile[] }> {
    const applicant = await db.user.findUnique({
      where: { id: userId },
      select: { surname: true, name: true },
    });
    const docs = await db.applicantDocument.findMany({
      where: { userId },
      orderBy: [{ sequence: "asc" }, { id: "asc" }],
      select: { id: true, nTpd: true, number: true, kind: { select: { title: true } } },
    });
    const stored = await db.storedFile.findMany({
      where: { recordType: "applicant_documents", recordId: { in: docs.map((d) => d.id) } },
      orderBy: [{ recordId: "asc" }, { name: "asc" }, { position: "asc" }, { id: "asc" }],
      select: { id: true, filename: true, recordId: true },
    });
    const byDoc = new Map(docs.map((d) => [d.id, d]));
    const files = docs.flatMap((d) =>
      stored
        .filter((f) => f.recordId === d.id)
        .map((f) => ({
          fileId: f.id,
          filename: f.filename,
          documentId: d.id,
          nTpd: byDoc.get(d.id)?.nTpd ?? 1,
          kindTitle: d.kind.title,
          number: d.number,
        })),
    );
    return { applicant, files };
  },

  async renameFile(id: number, filename: string): Promise<void> {
    await db.storedFile.update({ where: { id }, data: { filename } });
  },
});

export type TDocumentsRepository = ReturnType<typeof documentsRepository>;
