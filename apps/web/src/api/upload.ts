import { actionOf, type TResourceDef, type TSingleDocument } from "@crew/contracts";
import { isApiError, type ApiError } from "./api-error";
import { apiPaths } from "./api-paths";
import { apiUrl, requestHeaders, settleAnswer, unreachable } from "./http-client";
import { createPacer, type TPacer } from "./pacer";

/** Spec 001 section 4: files upload after the record is saved, one per 1000 ms in sequence. */
export const FILE_UPLOAD_SPACING_MS = 1000;

export interface TUploadProgress {
  loaded: number;
  total: number;
}

const headersOf = (raw: string): Headers => {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
};

/**
 * One multipart POST through XMLHttpRequest, the one browser API that reports upload
 * progress. It sends the session headers and stores the rotated ones of the answer exactly
 * as the fetch client does (`settleAnswer`), errors included. Resolves with the answer body.
 */
const postMultipart = (
  path: string,
  form: FormData,
  size: number,
  onProgress?: (progress: TUploadProgress) => void,
  signal?: AbortSignal,
): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl(path));
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : size });
    xhr.onload = () => {
      try {
        const body = settleAnswer({
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
          text: xhr.responseText,
        });
        onProgress?.({ loaded: size, total: size });
        resolve(body);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(unreachable(new TypeError("Network error")));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    if (signal?.aborted) return xhr.abort();
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });

/** One file of a record's file attribute (`POST /api/{type}/{id}/files/{attribute}`, field `file`); resolves with the record. */
export const uploadFile = async (
  type: string,
  id: string | number,
  attribute: string,
  file: File,
  onProgress?: (progress: TUploadProgress) => void,
  signal?: AbortSignal,
): Promise<TSingleDocument> => {
  const form = new FormData();
  form.append("file", file, file.name);
  return (await postMultipart(
    apiPaths.files(type, id, attribute),
    form,
    file.size,
    onProgress,
    signal,
  )) as TSingleDocument;
};

/**
 * A declared upload action (definition `upload`): its text fields and one file in `fileField`
 * (`POST /api/vessels/update_photo` with `id` and `photo`); resolves with the answer body.
 */
export const uploadToAction = async (
  def: TResourceDef,
  name: string,
  fields: Readonly<Record<string, string>>,
  fileField: string,
  file: File,
  onProgress?: (progress: TUploadProgress) => void,
): Promise<unknown> => {
  const action = actionOf(def, name);
  if (!action?.upload) throw new Error(`${def.type}.${name} is not an upload action`);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(fileField, file, file.name);
  return postMultipart(apiPaths.action(def, name, action), form, file.size, onProgress);
};

export type TUploadOutcome =
  | { file: File; ok: true; document: TSingleDocument }
  | { file: File; ok: false; error: unknown; message: string };

/** What to tell a person about a refused file: the server's title (it names the file), or a size hint for 413. */
export const uploadErrorMessage = (error: unknown, file: File): string => {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const apiError: ApiError = error;
  if (apiError.status === 413) return `${file.name} is too large`;
  const first = apiError.apiErrors[0];
  return first?.detail || first?.title || apiError.message;
};

export interface TUploadFilesOptions {
  spacingMs?: number;
  signal?: AbortSignal;
  /** Share one pacer across several calls (several file fields of one form keep the spacing). */
  pacer?: TPacer;
}

/**
 * Several files of one attribute, one after another, each start at least `spacingMs` after
 * the previous one. A refused file does not stop the others: each gets its own outcome.
 * `onProgress` names the file by its index in `files`.
 */
export const uploadFiles = async (
  type: string,
  id: string | number,
  attribute: string,
  files: readonly File[],
  onProgress?: (index: number, progress: TUploadProgress) => void,
  options: TUploadFilesOptions = {},
): Promise<TUploadOutcome[]> => {
  const pacer = options.pacer ?? createPacer(options.spacingMs ?? FILE_UPLOAD_SPACING_MS);
  const outcomes: TUploadOutcome[] = [];
  for (const [index, file] of files.entries()) {
    await pacer.next(options.signal);
    try {
      const document = await uploadFile(
        type,
        id,
        attribute,
        file,
        (p) => onProgress?.(index, p),
        options.signal,
      );
      outcomes.push({ file, ok: true, document });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      outcomes.push({ file, ok: false, error, message: uploadErrorMessage(error, file) });
    }
  }
  return outcomes;
};
