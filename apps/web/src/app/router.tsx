import { Navigate, useLocation, type RouteObject } from "react-router-dom";
import type { TCan } from "../session/use-session";
import { RouteErrorPage } from "../errors/RouteErrorPage";
import { FullScreenLoader } from "./FullScreenLoader";
import { SCREEN_OVERRIDES } from "./screen-overrides";
import { resourceRoutes } from "./screens-bridge";

/** Where a signed-out visitor wanted to go, carried through /login in history state. */
interface TFromState {
  from?: string;
}

const ToLogin = () => {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return (
    <Navigate to="/login" replace state={{ from: from === "/" ? undefined : from } satisfies TFromState} />
  );
};

/** Signed in, /login goes to where the visitor was heading (spec 4.1: with credentials /login goes to /). */
const FromLogin = () => {
  const state = useLocation().state as TFromState | null;
  const target = state?.from && state.from.startsWith("/") && !state.from.startsWith("//") ? state.from : "/";
  return <Navigate to={target} replace />;
};

const notFound = { lazy: async () => ({ Component: (await import("../errors/NotFoundPage")).NotFoundPage }) };

/** Signed out: only the login page exists; every other path leads there. */
export const signedOutRoutes = (): RouteObject[] => [
  {
    path: "/login",
    lazy: async () => ({ Component: (await import("../session/LoginPage")).LoginPage }),
    hydrateFallbackElement: <FullScreenLoader />,
    errorElement: <RouteErrorPage />,
  },
  { path: "*", element: <ToLogin /> },
];

/**
 * Signed in: the shell with the screens the permissions allow (spec 2.1; the screens
 * module applies read / update / delete per route). Unknown paths show not-found inside
 * the shell, so the navigation stays at hand.
 */
export const signedInRoutes = (can: TCan): RouteObject[] => [
  { path: "/login", element: <FromLogin /> },
  {
    path: "/",
    lazy: async () => ({ Component: (await import("../shell/ShellLayout")).ShellLayout }),
    hydrateFallbackElement: <FullScreenLoader />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./RootPage")).RootPage }) },
      // The planner's dialogs (spec 002 §2) open over the planner itself.
      ...(can("timeplans", "read")
        ? [
            "timeplans/new",
            "timeplans/:id/new",
            "timeplans/:id/edit",
            "timeplans/crew-rotation/crew-change/new",
            "timeplans/crew-rotation/crew-change/:id/new",
            "timeplans/crew-rotation/crew-change/:id/edit",
          ].map((path) => ({
            path,
            lazy: async () => ({ Component: (await import("./RootPage")).RootPage }),
          }))
        : []),
      ...resourceRoutes(can, SCREEN_OVERRIDES),
      {
        path: "profile",
        lazy: async () => ({ Component: (await import("../screens/profile/ProfileScreen")).ProfileScreen }),
      },
      { path: "page-not-found", ...notFound },
      {
        path: "page-forbidden",
        lazy: async () => ({ Component: (await import("../errors/ForbiddenPage")).ForbiddenPage }),
      },
      { path: "*", ...notFound },
    ],
  },
];
