import type { TCurrentUser, TSignInRequest } from "@crew/contracts";
import { isApiError } from "../api/api-error";
import { clearAuth, hasStoredCredentials } from "../api/auth-storage";
import { setUnauthorizedListener } from "../api/http-client";
import { notifyError } from "../notices/notices";
import { signInWithGoogle, signInWithPassword, signOutOnServer, validateToken } from "./session-api";
import { sessionStore } from "./session-store";

export const SIGN_UP_TO_CONTINUE = "You should sign up to continue";
const onLoginPage = (): boolean => window.location.pathname === "/login";

/**
 * Session check on load (spec 4.1): without stored credentials the user is signed out
 * (the router sends them to /login); with them the token is validated. A rejected token
 * off the login page says why the user lands on /login.
 */
export const checkSession = async (): Promise<void> => {
  if (!hasStoredCredentials()) {
    sessionStore.setState({ status: "signed-out" });
    return;
  }
  sessionStore.setState({ status: "checking" });
  try {
    const user = await validateToken();
    sessionStore.setState({ status: "signed-in", user });
  } catch (error) {
    if (isApiError(error) && error.status === 0) {
      sessionStore.setState({ status: "unreachable" });
      return;
    }
    clearAuth();
    sessionStore.setState({ status: "signed-out" });
    if (!onLoginPage()) notifyError(SIGN_UP_TO_CONTINUE, "Error", { id: "session-check" });
  }
};

export const signIn = async (credentials: TSignInRequest): Promise<void> => {
  const user = await signInWithPassword(credentials);
  sessionStore.setState({ status: "signed-in", user });
};

export const signInGoogle = async (credential: string): Promise<void> => {
  const user = await signInWithGoogle(credential);
  sessionStore.setState({ status: "signed-in", user });
};

/** Ends the session here even when the server cannot be told (offline, token already gone). */
export const signOut = async (): Promise<void> => {
  try {
    await signOutOnServer();
  } catch {
    // The local session ends regardless; the server token expires on its own.
  } finally {
    clearAuth();
    sessionStore.setState({ status: "signed-out" });
  }
};

/** The server rejected the token mid-session (spec 8.1: 401 goes to /login). */
export const expireSession = (): void => {
  if (sessionStore.getState().status !== "signed-in") return;
  clearAuth();
  sessionStore.setState({ status: "signed-out" });
  notifyError("Your session has ended. Please sign in again.", "Signed out", { id: "session-expired" });
};

/** Keeps the header in step after the user changes their own status or profile. */
export const updateCurrentUser = (changes: Partial<TCurrentUser>): void => {
  const current = sessionStore.getState();
  if (current.status === "signed-in")
    sessionStore.setState({ status: "signed-in", user: { ...current.user, ...changes } });
};

let installed = false;

/**
 * Wires the session to the HTTP layer (401 ends it) and to other tabs (signing out in
 * one tab signs out all, since they share local storage).
 */
export const installSessionListeners = (): void => {
  if (installed) return;
  installed = true;
  setUnauthorizedListener(expireSession);
  window.addEventListener("storage", (event) => {
    if (event.key !== "access-token" && event.key !== null) return;
    const status = sessionStore.getState().status;
    if (!hasStoredCredentials() && status === "signed-in") sessionStore.setState({ status: "signed-out" });
    if (hasStoredCredentials() && status === "signed-out") void checkSession();
  });
};
