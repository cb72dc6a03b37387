import type { TAttributeDef } from "@crew/contracts";
import type { TStoredFile } from "../../api";

/** Where one file of a form stands once the record is saved and its files go up. */
export interface TFileUploadState {
  status: "waiting" | "uploading" | "done" | "failed";
  loaded: number;
  total: number;
  error?: string;
}

/** One file of a file field: already stored, or picked and waiting for the save. */
export interface TFileDraftItem {
  key: string;
  stored?: TStoredFile;
  file?: File;
  upload?: TFileUploadState;
}

/**
 * A file field's value on a form. Files go up only after the record is saved (spec 001 4),
 * so the form keeps what is stored, what was picked (in order) and what was removed.
 */
export interface TFileDraft {
  kind: "file-draft";
  items: TFileDraftItem[];
  removed: TStoredFile[];
}

export const isFileDraft = (value: unknown): value is TFileDraft =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "file-draft";

/** A file attribute: declared upload rules, or a file/files kind. An image without rules is an address. */
export const isFileAttribute = (attr: TAttributeDef): boolean =>
  Boolean(attr.file) || attr.kind === "file" || attr.kind === "files";

export const isMultipleFiles = (attr: TAttributeDef): boolean =>
  attr.kind === "files" || Boolean(attr.file?.multiple);

export const isStoredFile = (value: unknown): value is TStoredFile =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { url?: unknown }).url === "string" &&
  typeof (value as { filename?: unknown }).filename === "string";

export const storedFilesOf = (value: unknown): TStoredFile[] =>
  (Array.isArray(value) ? value : [value]).filter(isStoredFile);

let sequence = 0;
const nextKey = (prefix: string): string => `${prefix}-${++sequence}`;

export const draftOf = (value: unknown): TFileDraft => ({
  kind: "file-draft",
  items: storedFilesOf(value).map((stored) => ({ key: `stored-${stored.id}`, stored })),
  removed: [],
});

/** Picked files join the end; a single-file field keeps only the newest pick (the upload replaces the stored one). */
export const addFiles = (draft: TFileDraft, files: readonly File[], multiple: boolean): TFileDraft => {
  const picked = files.map((file) => ({ key: nextKey("new"), file }));
  if (multiple) return { ...draft, items: [...draft.items, ...picked] };
  const last = picked.at(-1);
  if (!last) return draft;
  const replaced = draft.items.flatMap((i) => (i.stored ? [i.stored] : []));
  return { ...draft, items: [last], removed: [...draft.removed, ...replaced] };
};

export const removeItem = (draft: TFileDraft, key: string): TFileDraft => {
  const item = draft.items.find((i) => i.key === key);
  if (!item) return draft;
  return {
    ...draft,
    items: draft.items.filter((i) => i.key !== key),
    removed: item.stored ? [...draft.removed, item.stored] : draft.removed,
  };
};

export const moveItem = (draft: TFileDraft, from: number, to: number): TFileDraft => {
  const items = [...draft.items];
  const [moved] = items.splice(from, 1);
  if (!moved || to < 0 || to > items.length) return draft;
  items.splice(to, 0, moved);
  return { ...draft, items };
};

/** Something to send after the save: a pick, a removal or a new order of stored files. */
export const draftChanged = (draft: TFileDraft, initial: TFileDraft): boolean =>
  draft.removed.length > 0 ||
  draft.items.some((i) => i.file) ||
  draft.items.map((i) => i.key).join() !==
    initial.items
      .filter((i) => draft.items.some((d) => d.key === i.key))
      .map((i) => i.key)
      .join();

export const formatBytes = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
