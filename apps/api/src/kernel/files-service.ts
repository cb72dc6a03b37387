import { randomUUID } from "node:crypto";
import { attributeOf, type TFileSpec, type TResourceDef } from "@crew/contracts";
import { AppError } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import type { TStorage } from "../storage/storage.js";
import {
  storedFilesRepository,
  toFileJson,
  type TStoredFileRow,
} from "../storage/stored-files-repository.js";
import type { TUpload } from "../storage/upload.js";
import type { TKernelDeps } from "./kernel-deps.js";
import type { TTx } from "./model-types.js";
import type { TRow } from "./store.js";

/** The file attributes of a definition (`file: {...}`). */
export const fileAttributes = (def: TResourceDef): [string, TFileSpec][] =>
  Object.entries(def.attributes).flatMap(([name, a]) =>
    a.file ? [[name, a.file] as [string, TFileSpec]] : [],
  );

export const fileSpecOf = (def: TResourceDef, attribute: string): TFileSpec => {
  const spec = attributeOf(def, attribute)?.file;
  if (!spec) throw AppError.notFound(`${def.type} has no file attribute '${attribute}'`);
  return spec;
};

/** A storage key of the server's making: type, month, random id. */
export const newKey = (type: string): string => {
  const now = new Date();
  return `${type}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}`;
};

/** Deletes objects after their rows are gone; a failure leaves an orphan for the purge job, never a broken row. */
export const deleteObjects = async (
  storage: TStorage,
  keys: readonly string[],
  kernel: Pick<TKernelDeps, "logger">,
): Promise<void> => {
  for (const key of keys)
    await storage
      .delete(key)
      .catch((error: unknown) => kernel.logger.warn({ err: error, key }, "stored object not deleted"));
};

/**
 * The file values of rows: attribute → `{id, filename, content_type, byte_size, url}` (or a list
 * for `multiple`), loaded for all rows in one query.
 */
export const fileValues = async (
  client: TTx,
  def: TResourceDef,
  rows: readonly TRow[],
  only?: readonly string[],
): Promise<Map<number, Record<string, unknown>>> => {
  const attrs = fileAttributes(def).filter(([name]) => !only?.length || only.includes(name));
  const out = new Map<number, Record<string, unknown>>();
  if (!attrs.length || !rows.length) return out;
  const files = await storedFilesRepository(client).forRecords(
    def.type,
    rows.map((r) => r.id),
    attrs.map(([n]) => n),
  );
  for (const row of rows) {
    const values: Record<string, unknown> = {};
    for (const [name, spec] of attrs) {
      const list = files.get(row.id)?.get(name) ?? [];
      values[name] = spec.multiple ? list.map(toFileJson) : list[0] ? toFileJson(list[0]) : null;
    }
    out.set(row.id, values);
  }
  return out;
};

/**
 * Stores uploads for a record's attribute: objects first, then their rows in the caller's
 * audited transaction; if the transaction fails the objects are deleted again (no row ever
 * names a missing object). One-file attributes replace what they held.
 */
export const attachUploads = async (
  kernel: Pick<TKernelDeps, "storage" | "logger">,
  actor: TActor,
  def: TResourceDef,
  /** The record, or how to read its id inside the transaction (a record created there, with its files: attachments/create_item). */
  id: number | (() => number),
  attribute: string,
  uploads: readonly TUpload[],
  inTransaction: (fn: (tx: TTx) => Promise<void>) => Promise<void>,
): Promise<void> => {
  const spec = fileSpecOf(def, attribute);
  if (!uploads.length) throw AppError.invalid([{ field: attribute, message: "give at least one file" }]);
  if (!spec.multiple && uploads.length > 1)
    throw AppError.invalid([{ field: attribute, message: "takes one file" }]);
  const stored: { upload: TUpload; key: string }[] = [];
  try {
    for (const upload of uploads) {
      const key = newKey(def.type);
      // Remembered before the put: a put that fails half-way may still have left an object.
      stored.push({ upload, key });
      await kernel.storage.put(key, upload.buffer, { contentType: upload.contentType });
    }
  } catch (error) {
    await deleteObjects(
      kernel.storage,
      stored.map((s) => s.key),
      kernel,
    );
    throw error;
  }
  let replaced: TStoredFileRow[] = [];
  try {
    await inTransaction(async (tx) => {
      const recordId = typeof id === "number" ? id : id();
      const repo = storedFilesRepository(tx);
      const current = await repo.ofAttribute(def.type, recordId, attribute);
      if (!spec.multiple) {
        replaced = current;
        await repo.remove(current.map((f) => f.id));
      }
      const start = spec.multiple ? (current.at(-1)?.position ?? -1) + 1 : 0;
      await repo.create(
        stored.map(({ upload, key }, i) => ({
          key,
          filename: upload.filename,
          contentType: upload.contentType,
          byteSize: upload.size,
          checksum: upload.checksum,
          recordType: def.type,
          recordId,
          name: attribute,
          position: start + i,
        })),
        actor.id,
      );
    });
  } catch (error) {
    await deleteObjects(
      kernel.storage,
      stored.map((s) => s.key),
      kernel,
    );
    throw error;
  }
  await deleteObjects(
    kernel.storage,
    replaced.map((f) => f.key),
    kernel,
  );
};
