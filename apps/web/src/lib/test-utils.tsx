import type { ReactElement, ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { FULL, type TPermissionMap } from "@crew/contracts";
import { sessionStore } from "../session/session-store";
import { theme } from "../app/theme";

/** Renders with the providers every screen has (theme, queries, confirm dialogs, a router). */
export const renderWithProviders = (
  ui: ReactElement,
  { route = "/" }: { route?: string } = {},
): RenderResult => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper: Wrapper });
};

/** Routes (the app's own route objects) at `path`, with the providers every screen has; the router is returned to follow navigation. */
export const renderRoutes = (routes: RouteObject[], path: string) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([...routes, { path: "*", element: <div>Not found page</div> }], {
    initialEntries: [path],
  });
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
};

/** A signed-in user with full rights on `keys` (and nothing else). */
export const signInWith = (keys: readonly string[]): void => {
  const permissions: TPermissionMap = Object.fromEntries(keys.map((k) => [k, FULL]));
  sessionStore.setState({
    status: "signed-in",
    user: {
      id: 1,
      clientId: 1,
      name: "Anna Admin",
      email: "admin@example.com",
      avatar: null,
      status: "active",
      role: "admin",
      equasis_email: null,
      permissions,
    },
  });
};

/** A JSON answer the way the API sends it. */
export const jsonAnswer = (status: number, body: unknown): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: status === 204 ? {} : { "content-type": "application/vnd.api+json" },
  });

/** Routes fetch calls by "METHOD /path" (query string ignored) to canned answers. */
export const fetchRoutes =
  (routes: Record<string, (init?: RequestInit) => Response>) =>
  async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected call ${key}`);
    return route(init);
  };

/** The JSON body a fetch call sent (undefined without one). */
export const sentJson = (init: RequestInit | undefined): unknown =>
  typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;

/** The address a fetch call went to. */
export const urlOf = (input: RequestInfo | URL): string =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

/** A fetch stand-in installed for each test of the calling suite (and local storage cleared). */
export const useFetchMock = (): ReturnType<typeof vi.fn<typeof fetch>> => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  return fetchMock;
};
