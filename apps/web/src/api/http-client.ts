import { JSONAPI_MEDIA_TYPE } from "@crew/contracts";
import { ApiError, errorsOfBody } from "./api-error";
import { authRequestHeaders, storeRotatedHeaders } from "./auth-storage";
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

/** One call to the API with the full answer (status and headers) for the few callers that need them. */
export const requestRaw = async <T>(method: THttpMethod, path: string, options: TRequestOptions = {}): Promise<TRawAnswer<T>> => {
  const headers: Record<string, string> = { Accept: `${JSONAPI_MEDIA_TYPE}, application/json` };
  if (options.body !== undefined) headers["Content-Type"] = JSONAPI_MEDIA_TYPE;
  if (!options.anonymous) Object.assign(headers, authRequestHeaders());

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${encodeQuery(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    // Cancelled queries must stay cancellations; anything else means no answer at all.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "Network Error", [{ status: "0", title: "The server cannot be reached" }]);
  }

  // Every answer, errors included, may carry the rotated token (spec 7.1).
  if (!options.anonymous) storeRotatedHeaders(response.headers);

  const statusText = statusTextOf(response.status, response.statusText);
  const text = response.status === 204 ? "" : await response.text();
  const parsed = parseBody(text);

  if (!response.ok) {
    const errors = errorsOfBody(parsed.ok ? parsed.value : undefined, response.status, statusText);
    const error = new ApiError(response.status, statusText, errors);
    if (response.status === 401 && !options.anonymous) unauthorizedListener?.();
    throw error;
  }
  if (!parsed.ok) {
    throw new ApiError(response.status, statusText, [
      { status: String(response.status), title: "The server answered with something that is not JSON" },
    ]);
  }
  // The caller names the answer's type; 204 and empty bodies give undefined (callers use void).
  return { status: response.status, headers: response.headers, body: parsed.value as T };
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
