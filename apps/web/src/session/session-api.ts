import { ZSessionAnswer, type TCurrentUser, type TSignInRequest } from "@crew/contracts";
import { del, get, requestRaw } from "../api/http-client";
import { storeClientId, storeRotatedHeaders } from "../api/auth-storage";

/** The devise-style session calls of spec 7.3. */
const userOf = (body: unknown): TCurrentUser => {
  const parsed = ZSessionAnswer.safeParse(body);
  if (!parsed.success) throw new Error("The server sent a session in an unexpected shape");
  return parsed.data.data;
};

/** Sign-in answers carry a fresh token: it replaces whatever was stored, whatever its expiry. */
const startedSession = (answer: { headers: Headers; body: unknown }): TCurrentUser => {
  const user = userOf(answer.body);
  storeRotatedHeaders(answer.headers, true);
  storeClientId(user.clientId);
  return user;
};

export const signInWithPassword = async (credentials: TSignInRequest): Promise<TCurrentUser> =>
  startedSession(await requestRaw<unknown>("POST", "/auth/sign_in", { body: credentials, anonymous: true }));

/** `credential` is the ID token Google Identity Services hands to its callback. */
export const signInWithGoogle = async (credential: string): Promise<TCurrentUser> =>
  startedSession(
    await requestRaw<unknown>("POST", "/auth/google_oauth2", { body: { credential }, anonymous: true }),
  );

export const validateToken = async (): Promise<TCurrentUser> => {
  const user = userOf(await get<unknown>("/auth/validate_token"));
  storeClientId(user.clientId);
  return user;
};

export const signOutOnServer = (): Promise<void> => del("/auth/sign_out");
