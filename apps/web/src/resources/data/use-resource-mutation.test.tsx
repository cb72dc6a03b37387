import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/api-error";
import { notifyError, notifySuccess } from "../../notices/notices";
import { useResourceMutation, type TResourceMutationOptions } from "./use-resource-mutation";

vi.mock("../../notices/notices", async (original) => ({
  ...(await original<typeof import("../../notices/notices")>()),
  notifySuccess: vi.fn(() => "notice"),
  notifyError: vi.fn(() => "notice"),
}));

const setup = <V, R>(options: TResourceMutationOptions<V, R>) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(["vessels", "list", { page: 1 }], { data: [] });
  queryClient.setQueryData(["select_options", "vessels", ""], []);
  queryClient.setQueryData(["owners", "list", { page: 1 }], { data: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/vessels/7/details"]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const view = renderHook(() => ({ mutation: useResourceMutation(options), path: useLocation().pathname }), {
    wrapper,
  });
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { view, invalidated };
};

describe("the write layer (spec 000 §8)", () => {
  // The global rules log each failure for the console (spec 8.1); these tests fail on purpose.
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => vi.clearAllMocks());

  it("after a write shows the notice, reloads the touched resources and then runs onSuccess", async () => {
    const order: string[] = [];
    vi.mocked(notifySuccess).mockImplementation(() => {
      order.push("notice");
      return "notice";
    });
    const { view, invalidated } = setup<string, number>({
      mutationFn: async (name) => name.length,
      invalidates: ["vessels"],
      notice: (length, name) => `${name} saved (${length})`,
      onSuccess: (length) => order.push(`done ${length}`),
    });
    act(() => view.result.current.mutation.mutate("Aurora"));
    await waitFor(() => expect(view.result.current.mutation.isSuccess).toBe(true));
    expect(notifySuccess).toHaveBeenCalledWith("Aurora saved (6)");
    expect(order).toEqual(["notice", "done 6"]);
    expect(invalidated(["vessels", "list", { page: 1 }])).toBe(true);
    expect(invalidated(["select_options", "vessels", ""])).toBe(true);
    expect(invalidated(["owners", "list", { page: 1 }])).toBe(false);
  });

  it("a 422 with pointers goes to the form's fields, with no notice; nothing reloads", async () => {
    const onFailure = vi.fn();
    const error = new ApiError(422, "Unprocessable Entity", [
      { status: "422", title: "can't be blank", source: { pointer: "/data/attributes/name" } },
    ]);
    const { view, invalidated } = setup({
      mutationFn: () => Promise.reject(error),
      invalidates: ["vessels"],
      notice: "Saved",
      onFailure,
    });
    act(() => view.result.current.mutation.mutate());
    await waitFor(() => expect(view.result.current.mutation.isError).toBe(true));
    expect(onFailure).toHaveBeenCalledWith(
      { kind: "fields", fields: { name: "can't be blank" } },
      error,
      undefined,
    );
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
    expect(invalidated(["vessels", "list", { page: 1 }])).toBe(false);
  });

  it("a 404 leads to the not-found page and a 500 to the server's lines in a notice", async () => {
    const gone = setup({ mutationFn: () => Promise.reject(new ApiError(404, "Not Found", [])) });
    act(() => gone.view.result.current.mutation.mutate());
    await waitFor(() => expect(gone.view.result.current.path).toBe("/page-not-found"));

    const broken = setup({
      mutationFn: () =>
        Promise.reject(new ApiError(500, "Internal Server Error", [{ status: "500", title: "Broken" }])),
    });
    act(() => broken.view.result.current.mutation.mutate());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Broken", "500 Server Error"));
  });

  it("a screen's own refusal reading replaces the global rules when it says so", async () => {
    const onFailure = vi.fn();
    const { view } = setup({
      mutationFn: () => Promise.reject(new ApiError(404, "Not Found", [])),
      refusal: () => true,
      onFailure,
    });
    act(() => view.result.current.mutation.mutate());
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(undefined, expect.any(ApiError), undefined));
    expect(view.result.current.path).toBe("/vessels/7/details");
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("attempt settles without rejecting: the result, or the failure's reading (a 422's fields)", async () => {
    const error = new ApiError(422, "Unprocessable Entity", [
      { status: "422", title: "must not be before the start", source: { pointer: "/data/attributes/end" } },
    ]);
    const { view } = setup<boolean, string>({
      mutationFn: (ok) => (ok ? Promise.resolve("saved") : Promise.reject(error)),
    });
    let outcomes: unknown[] = [];
    await act(async () => {
      outcomes = [
        await view.result.current.mutation.attempt(true),
        await view.result.current.mutation.attempt(false),
      ];
    });
    expect(outcomes).toEqual([
      { ok: true, result: "saved" },
      { ok: false, failure: { kind: "fields", fields: { end: "must not be before the start" } } },
    ]);
  });
});
