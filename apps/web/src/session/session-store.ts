import type { TCurrentUser } from "@crew/contracts";
import { hasStoredCredentials } from "../api/auth-storage";

/**
 * The session as a tiny external store (read with useSyncExternalStore). It lives outside
 * React and outside the router because the router itself is built from the session's
 * permissions, and the HTTP layer must be able to end the session on a 401.
 */
export type TSessionState =
  | { status: "checking" }
  /** The session check got no answer at all: keep the stored token and offer a retry. */
  | { status: "unreachable" }
  | { status: "signed-out" }
  | { status: "signed-in"; user: TCurrentUser };

let state: TSessionState = hasStoredCredentials() ? { status: "checking" } : { status: "signed-out" };
const listeners = new Set<() => void>();

export const sessionStore = {
  getState: (): TSessionState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setState: (next: TSessionState): void => {
    state = next;
    for (const listener of listeners) listener();
  },
};
