import { JSONAPI_MEDIA_TYPE } from "@crew/contracts";
import { ApiError, errorsOfBody } from "./api-error";
import { authRequestHeaders, storeRotatedHeaders } from "./auth-storage";
import { filenameOfDisposition } from "./content-disposition";
import { encodeQuery, type TQuery } from "./query-string";
import { statusTextOf } from "./status-text";

/** Same origin in every environment: Vite proxies /api in development, the API serves the SPA in production. */
export const API_BASE = "/api";

export type THttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface TRequestOptions {
  query?: TQuery;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Public calls (sign-in, public config): no token is sent, none is read back, and a 401
   * means wrong credentials rather than an expired session.
   */
  anonymous?: boolean;
}

export interface TRawAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

let unauthorizedListener: (() => void) | null = null;

/**
 * The session registers here to learn that the server no longer accepts the stored token.
 * A callback instead of an import keeps this module free of React and of the session.
 */
export const setUnauthorizedListener = (listener: (() => void) | null): void => {
  unauthorizedListener = listener;
};

const parseBody = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/** Absolute path of an API address: `/ranks` becomes `/api/ranks`; an address already under /api stays. */
export const apiUrl = (path: string): string =>
  path === API_BASE || path.startsWith(`${API_BASE}/`) || path.startsWith(`${API_BASE}?`)
    ? path
    : `${API_BASE}${path}`;

/** Headers of an authenticated call: the stored session (none when anonymous) and what the API answers with. */
export const requestHeaders = (anonymous = false): Record<string, string> => ({
  Accept: `${JSONAPI_MEDIA_TYPE}, application/json`,
  ...(anonymous ? {} : authRequestHeaders()),
});

/**
 * What every answer goes through, whichever way it was fetched (fetch, or XMLHttpRequest for
 * uploads with progress): the rotated token is stored (errors carry it too, spec 7.1), a
 * 401 tells the session, an error becomes an ApiError with the body's errors.
 */
export const settleAnswer = (
  answer: { status: number; statusText: string; headers: Headers; text: string },
  anonymous = false,
): unknown => {
  if (!anonymous) storeRotatedHeaders(answer.headers);
  const statusText = statusTextOf(answer.status, answer.statusText);
  const parsed = parseBody(answer.status === 204 ? "" : answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    const errors = errorsOfBody(parsed.ok ? parsed.value : undefined, answer.status, statusText);
    if (answer.status === 401 && !anonymous) unauthorizedListener?.();
    throw new ApiError(answer.status, statusText, errors);
  }
  if (!parsed.ok) {
    throw new ApiError(answer.status, statusText, [
      { status: String(answer.status), title: "The server answered with something that is not JSON" },
    ]);
  }
  return parsed.value;
};

/** A request that got no answer at all (offline, DNS, CORS) is status 0; a cancellation stays a cancellation. */
export const unreachable = (error: unknown): Error =>
  error instanceof DOMException && error.name === "AbortError"
    ? error
    : new ApiError(0, "Network Error", [{ status: "0", title: "The server cannot be reached" }]);

/** Sends one call; a call that gets no answer at all becomes status 0. */
const send = async (
  method: THttpMethod,
  path: string,
  options: TRequestOptions,
  accept?: string,
): Promise<Response> => {
  const headers = requestHeaders(options.anonymous);
  if (accept) headers.Accept = accept;
  if (options.body !== undefined) headers["Content-Type"] = JSONAPI_MEDIA_TYPE;
  try {
    return await fetch(`${apiUrl(path)}${encodeQuery(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    throw unreachable(error);
  }
};

const settleResponse = async (response: Response, anonymous?: boolean): Promise<unknown> => {
  const text = response.status === 204 ? "" : await response.text();
  return settleAnswer(
    { status: response.status, statusText: response.statusText, headers: response.headers, text },
    anonymous,
  );
};

/** One call to the API with the full answer (status and headers) for the few callers that need them. */
export const requestRaw = async <T>(
  method: THttpMethod,
  path: string,
  options: TRequestOptions = {},
): Promise<TRawAnswer<T>> => {
  const response = await send(method, path, options);
  const body = await settleResponse(response, options.anonymous);
  // The caller names the answer's type; 204 and empty bodies give undefined (callers use void).
  return { status: response.status, headers: response.headers, body: body as T };
};

export const request = async <T>(method: THttpMethod, path: string, options?: TRequestOptions): Promise<T> =>
  (await requestRaw<T>(method, path, options)).body;

type TExtra = Omit<TRequestOptions, "query" | "body">;

export const get = <T>(path: string, query?: TQuery, options?: TExtra): Promise<T> =>
  request<T>("GET", path, { ...options, query });

export const post = <T = void>(path: string, body?: unknown, options?: TExtra): Promise<T> =>
  request<T>("POST", path, { ...options, body });

export const patch = <T = void>(path: string, body?: unknown, options?: TExtra): Promise<T> =>
  request<T>("PATCH", path, { ...options, body });

export const del = async (path: string, options?: TExtra): Promise<void> => {
  await request<unknown>("DELETE", path, options);
};

/** A file the API answered with: its bytes, type and the name Content-Disposition gives it. */
export interface TFetchedFile {
  blob: Blob;
  filename: string;
  contentType: string;
}

/**
 * Reads an answer that may be a file rather than JSON (downloads, exports, previews). The
 * session travels in headers, not cookies, so <img src> and <a href> cannot fetch these by
 * themselves: the caller turns the blob into an object URL.
 */
export const requestFile = async (
  method: THttpMethod,
  path: string,
  options: Omit<TRequestOptions, "anonymous"> = {},
): Promise<{ status: number; headers: Headers; file: TFetchedFile | null; json: unknown }> => {
  const response = await send(method, path, options, "*/*");
  const contentType = response.headers.get("content-type") ?? "";
  const disposition = response.headers.get("content-disposition");
  const isJson = /json/i.test(contentType) && !disposition;
  if (!response.ok || response.status === 204 || isJson) {
    return {
      status: response.status,
      headers: response.headers,
      file: null,
      json: await settleResponse(response),
    };
  }
  storeRotatedHeaders(response.headers);
  const blob = await response.blob();
  const filename = filenameOfDisposition(disposition) ?? lastSegment(path);
  return {
    status: response.status,
    headers: response.headers,
    file: { blob, filename, contentType },
    json: undefined,
  };
};

const lastSegment = (path: string): string =>
  decodeURIComponent(path.split("?")[0]?.split("/").pop() ?? "") || "download";
