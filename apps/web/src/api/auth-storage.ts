import { AUTH_HEADERS, SESSION_STORAGE_KEYS, type TAuthHeader } from "@crew/contracts";

/**
 * The session lives in local storage under the exact keys of spec 000 4.1 so that every
 * tab shares it. Tokens rotate: any answer may carry a newer set of the five headers.
 */
export type TAuthValues = Record<TAuthHeader, string>;

const CLIENT_ID_KEY = "clientId";

const storage = (): Storage => window.localStorage;

/** The five stored header values, or null when any is missing (then there is no session). */
export const readAuth = (): TAuthValues | null => {
  const values: Partial<TAuthValues> = {};
  for (const key of AUTH_HEADERS) {
    const value = storage().getItem(key);
    if (!value) return null;
    values[key] = value;
  }
  return values as TAuthValues;
};

export const hasStoredCredentials = (): boolean => readAuth() !== null;

/** Headers for an authenticated request; empty when signed out. */
export const authRequestHeaders = (): Record<string, string> => readAuth() ?? {};

const expiryOf = (value: string | null): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The uid cookie mirrors the session for the server-rendered pieces; it expires with the token. */
const writeUidCookie = (uid: string, expirySeconds: number): void => {
  const expires = new Date(expirySeconds * 1000).toUTCString();
  document.cookie = `uid=${encodeURIComponent(uid)}; expires=${expires}; path=/; SameSite=Lax`;
};

const clearUidCookie = (): void => {
  document.cookie = "uid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax";
};

/**
 * Stores the rotated headers of an answer. Requests run in parallel, so answers arrive in
 * any order: an answer whose token expires earlier than the stored one was issued before
 * it and is ignored; equal or later expiry wins (arrival order breaks ties). Answers
 * without a token (public calls, batch answers that keep the token) change nothing.
 * `force` is for sign-in, where the new session replaces whatever was stored.
 */
export const storeRotatedHeaders = (headers: Headers, force = false): boolean => {
  const token = headers.get("access-token");
  const client = headers.get("client");
  const uid = headers.get("uid");
  const expiry = headers.get("expiry");
  if (!token || !client || !uid || !expiry) return false;
  if (!force && expiryOf(expiry) < expiryOf(storage().getItem("expiry"))) return false;
  const values: TAuthValues = {
    "access-token": token,
    "token-type": headers.get("token-type") || "Bearer",
    client,
    expiry,
    uid,
  };
  for (const key of AUTH_HEADERS) storage().setItem(key, values[key]);
  writeUidCookie(uid, expiryOf(expiry));
  return true;
};

export const storeClientId = (clientId: number): void => storage().setItem(CLIENT_ID_KEY, String(clientId));

export const readClientId = (): number | null => {
  const n = Number(storage().getItem(CLIENT_ID_KEY));
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Forgets the session (sign-out, rejected token): every session key and the uid cookie. */
export const clearAuth = (): void => {
  for (const key of SESSION_STORAGE_KEYS) storage().removeItem(key);
  clearUidCookie();
};
