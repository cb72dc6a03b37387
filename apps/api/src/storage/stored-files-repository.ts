import type { TTx } from "../db/client.js";
import { epochMs, plainRows } from "../db/plain-rows.js";

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

interface TRawStoredFileRow {
  id: number;
  key: string;
  filename: string;
  content_type: string;
  byte_size: number;
  checksum: string;
  record_type: string;
  record_id: number;
  name: string;
  position: number;
  created_ms: number;
}

/** Every list with a file attribute asks for its page's files: plain SQL on the pool, not Prisma (db/plain-rows.ts). */
const FOR_RECORDS_SQL = `
  SELECT id, key, filename, content_type, byte_size, checksum, record_type, record_id, name, position,
         ${epochMs("created_at")} AS created_ms
    FROM stored_files
   WHERE record_type = $1 AND record_id = ANY($2::int[]) AND name = ANY($3::text[])
   ORDER BY position, id`;

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
    const raw = await plainRows<TRawStoredFileRow>(db, "crew_stored_files_of_records", FOR_RECORDS_SQL, [
      recordType,
      [...recordIds],
      [...names],
    ]);
    for (const r of raw) {
      const row: TStoredFileRow = {
        id: r.id,
        key: r.key,
        filename: r.filename,
        contentType: r.content_type,
        byteSize: r.byte_size,
        checksum: r.checksum,
        recordType: r.record_type,
        recordId: r.record_id,
        name: r.name,
        position: r.position,
        createdAt: new Date(r.created_ms),
      };
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
