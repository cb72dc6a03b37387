import type { ReactElement, ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { theme } from "../app/theme";

/** Renders with the providers every screen has (theme, queries, confirm dialogs, a router). */
export const renderWithProviders = (ui: ReactElement, { route = "/" }: { route?: string } = {}): RenderResult => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
