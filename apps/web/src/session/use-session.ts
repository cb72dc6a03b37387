import { useCallback, useSyncExternalStore } from "react";
import { can as canOf, type TAction, type TCurrentUser, type TPermissionKey } from "@crew/contracts";
import { sessionStore, type TSessionState } from "./session-store";

/** Permission check of the signed-in user: `can('ranks', 'update')`, `can('showHeaderHelp', 'enable')`. */
export type TCan = (key: TPermissionKey, action: TAction | "enable") => boolean;

export const useSessionState = (): TSessionState =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);

export interface TSession {
  status: TSessionState["status"];
  /** null unless signed in. */
  user: TCurrentUser | null;
  can: TCan;
}

export const canFor =
  (user: TCurrentUser | null): TCan =>
  (key, action) =>
    user !== null && canOf(user.permissions, key, action);

export const useSession = (): TSession => {
  const state = useSessionState();
  const user = state.status === "signed-in" ? state.user : null;
  // Stable while the permission map is the same object, so memoised consumers stay put.
  const can = useCallback<TCan>((key, action) => canFor(user)(key, action), [user]);
  return { status: state.status, user, can };
};

/** For components rendered only inside the signed-in shell. */
export const useCurrentUser = (): TCurrentUser => {
  const { user } = useSession();
  if (!user) throw new Error("useCurrentUser is used outside the signed-in shell");
  return user;
};
