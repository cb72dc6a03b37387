import { useEffect, useMemo, useRef } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import type { TCurrentUser } from "@crew/contracts";
import { ScreenOverridesProvider } from "../resources/screen-registry";
import { canFor } from "../session/use-session";
import { signedInRoutes, signedOutRoutes } from "./router";
import { SCREEN_OVERRIDES } from "./screen-overrides";

/**
 * Routes exist only when permitted (spec 2.1), so the route table depends on the user.
 * The router is rebuilt when the permission map changes (sign-in, sign-out, another
 * account), not when the user's name or status does; a rebuilt router starts at the
 * current address.
 */
export const AppRouter = ({ user }: { user: TCurrentUser | null }) => {
  const permissionsKey = user ? JSON.stringify(user.permissions) : "";
  const router = useMemo(
    () => createBrowserRouter(user ? signedInRoutes(canFor(user)) : signedOutRoutes()),
    // Keyed by the permission map on purpose: a new user object with the same rights keeps the router.
    [permissionsKey],
  );
  // A replaced router must stop listening to history, or it would still react to Back.
  // Disposed when replaced, not in an effect cleanup: StrictMode re-runs effects on the same router.
  const previous = useRef<typeof router | null>(null);
  useEffect(() => {
    if (previous.current && previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);
  return (
    <ScreenOverridesProvider value={SCREEN_OVERRIDES}>
      <RouterProvider router={router} />
    </ScreenOverridesProvider>
  );
};
