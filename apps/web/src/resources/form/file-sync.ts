import type { TResourceDef, TResourceObject } from "@crew/contracts";
import {
  createPacer,
  FILE_UPLOAD_SPACING_MS,
  firstErrorMessage,
  removeFile,
  reorderFiles,
  uploadFiles,
  type TPacer,
  type TStoredFile,
} from "../../api";
import {
  draftChanged,
  isMultipleFiles,
  storedFilesOf,
  type TFileDraft,
  type TFileUploadState,
} from "../fields/file-draft";

export interface TFileSyncEvent {
  attribute: string;
  /** The draft item the event is about. */
  key: string;
  state: TFileUploadState;
}

export interface TFileSyncResult {
  /** Files that did not go up, and removals or orders the server refused. */
  failed: number;
  /** Errors not tied to one picked file (a refused removal or order), by attribute. */
  errors: Record<string, string>;
  /** The record as the last answer showed it (with its files), when any file call answered one. */
  record?: TResourceObject;
}

const sameOrder = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean =>
  a.length === b.length && a.every((id, i) => String(id) === String(b[i]));

/** The file drafts that have something to send. */
export const changedDrafts = (
  drafts: Record<string, TFileDraft>,
  initial: Record<string, TFileDraft>,
): Record<string, TFileDraft> =>
  Object.fromEntries(
    Object.entries(drafts).filter(([name, draft]) => {
      const before = initial[name];
      return before ? draftChanged(draft, before) : draft.items.some((i) => i.file);
    }),
  );

/**
 * After a record is saved, its file fields catch up (spec 001 4): removed files go, picked
 * files go up one per 1000 ms in sequence across all fields (with progress per file), then
 * a `files` field's order is saved when it differs from the server's. A refused file does
 * not stop the others; the result counts what failed.
 */
export const syncFiles = async (
  def: TResourceDef,
  id: string,
  drafts: Record<string, TFileDraft>,
  onEvent: (event: TFileSyncEvent) => void,
  options: { pacer?: TPacer; signal?: AbortSignal } = {},
): Promise<TFileSyncResult> => {
  const pacer = options.pacer ?? createPacer(FILE_UPLOAD_SPACING_MS);
  const result: TFileSyncResult = { failed: 0, errors: {} };
  for (const [attribute, draft] of Object.entries(drafts)) {
    const attr = def.attributes[attribute];
    if (!attr) continue;
    const multiple = isMultipleFiles(attr);
    const picked = draft.items.filter((i) => i.file);
    // One file that a new upload replaces needs no removal first.
    const removals = multiple || picked.length === 0 ? draft.removed : [];
    for (const file of removals) {
      try {
        await removeFile(file.id);
      } catch (error) {
        result.failed += 1;
        result.errors[attribute] = `${file.filename} could not be removed: ${firstErrorMessage(error)}`;
      }
    }
    let onServer: TStoredFile[] = draft.items.flatMap((i) => (i.stored ? [i.stored] : []));
    const idOfKey = new Map<string, string | number>();
    for (const item of picked)
      onEvent({
        attribute,
        key: item.key,
        state: { status: "waiting", loaded: 0, total: item.file?.size ?? 0 },
      });
    const outcomes = await uploadFiles(
      def.type,
      id,
      attribute,
      picked.flatMap((i) => (i.file ? [i.file] : [])),
      (index, p) => {
        const item = picked[index];
        if (item)
          onEvent({
            attribute,
            key: item.key,
            state: { status: "uploading", loaded: p.loaded, total: p.total },
          });
      },
      { pacer, signal: options.signal },
    );
    outcomes.forEach((outcome, index) => {
      const item = picked[index];
      if (!item) return;
      const total = outcome.file.size;
      if (!outcome.ok) {
        result.failed += 1;
        onEvent({
          attribute,
          key: item.key,
          state: { status: "failed", loaded: 0, total, error: outcome.message },
        });
        return;
      }
      result.record = outcome.document.data;
      const after = storedFilesOf(outcome.document.data.attributes[attribute]);
      const added = after.find((f) => !onServer.some((s) => String(s.id) === String(f.id)));
      if (added) idOfKey.set(item.key, added.id);
      onServer = after;
      onEvent({ attribute, key: item.key, state: { status: "done", loaded: total, total } });
    });
    if (!multiple) continue;
    const wanted = draft.items.flatMap((i) => {
      const fileId = i.stored?.id ?? idOfKey.get(i.key);
      return fileId === undefined ? [] : [fileId];
    });
    if (
      wanted.length > 1 &&
      !sameOrder(
        wanted,
        onServer.map((f) => f.id).filter((f) => wanted.some((w) => String(w) === String(f))),
      )
    ) {
      try {
        result.record = (await reorderFiles(def.type, id, attribute, wanted)) ?? result.record;
      } catch (error) {
        result.failed += 1;
        result.errors[attribute] = `The order of the files could not be saved: ${firstErrorMessage(error)}`;
      }
    }
  }
  return result;
};
