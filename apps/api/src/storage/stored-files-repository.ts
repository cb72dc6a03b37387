import type { TTx } from "../db/client.js";

export interface TStoredFileRow {
  id: number;
  key: string;
  filename: string;
  contentType: string;
  byteSize: number;
  checksum: string;
  recordType: string;
  recordId: number;
  name: string;
  position: number;
  createdAt: Date;
}

/** Rows of stored files (the objects themselves are in the storage driver). */
export const storedFilesRepository = (db: TTx) => ({
  /** Files of many records at once: record id → attribute → files in order. */
  async forRecords(
    recordType: string,
    recordIds: readonly number[],
    names: readonly string[],
  ): Promise<Map<number, Map<string, TStoredFileRow[]>>> {
    const out = new Map<number, Map<string, TStoredFileRow[]>>();
    if (!recordIds.length || !names.length) return out;
    const rows = await db.storedFile.findMany({
      where: { recordType, recordId: { in: [...recordIds] }, name: { in: [...names] } },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    for (const row of rows) {
      const byName = out.get(row.recordId) ?? new Map<string, TStoredFileRow[]>();
      const list = byName.get(row.name) ?? [];
      list.push(row);
      byName.set(row.name, list);
      out.set(row.recordId, byName);
    }
    return out;
  },

  find(id: number): Promise<TStoredFileRow | null> {
    return db.storedFile.findUnique({ where: { id } });
  },

  ofAttribute(recordType: string, recordId: number, name: string): Promise<TStoredFileRow[]> {
    return db.storedFile.findMany({
      where: { recordType, recordId, name },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
  },

  async create(
    rows: readonly Omit<TStoredFileRow, "id" | "createdAt">[],
    authorId: number | null,
  ): Promise<void> {
    await db.storedFile.createMany({ data: rows.map((r) => ({ ...r, authorId })) });
  },

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length) await db.storedFile.deleteMany({ where: { id: { in: [...ids] } } });
  },

  /** Files of deleted records (their objects are removed after the delete commits). */
  async removeOfRecord(recordType: string, recordId: number): Promise<string[]> {
    const rows = await db.storedFile.findMany({ where: { recordType, recordId }, select: { key: true } });
    await db.storedFile.deleteMany({ where: { recordType, recordId } });
    return rows.map((r) => r.key);
  },

  async reorder(ids: readonly number[]): Promise<void> {
    for (const [position, id] of ids.entries())
      await db.storedFile.update({ where: { id }, data: { position } });
  },

  /** Which of these keys have a row (the orphan purge). */
  async knownKeys(keys: readonly string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await db.storedFile.findMany({ where: { key: { in: [...keys] } }, select: { key: true } });
    return new Set(rows.map((r) => r.key));
  },
});

/** The JSON a file attribute carries (the client's TStoredFile). */
export const toFileJson = (file: TStoredFileRow): Record<string, unknown> => ({
  id: file.id,
  filename: file.filename,
  content_type: file.contentType,
  byte_size: file.byteSize,
  url: `/api/files/${file.id}/${encodeURIComponent(file.filename)}`,
  created_at: file.createdAt.toISOString(),
});
