import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { fetchRoutes, jsonAnswer } from "../../lib/test-utils";
import { usePopupNotices } from "./use-popup-notices";

const popUp = {
  not_shown_notifications: ["4", "5"].map((id) => ({
    type: "notifications",
    id,
    attributes: {
      author_avatar: null,
      author_name: "Maria",
      primary_text: `Item ${id}`,
      secondary_text: null,
      item_link: null,
      shown: false,
      read: false,
      created_at: "2026-11-21T18:24:00Z",
    },
  })),
};

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

describe("notification pop-ups (spec 4.3)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows new notifications after the 3 s debounce, then marks them shown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const marked = vi.fn((init?: RequestInit) => {
      expect(JSON.parse(typeof init?.body === "string" ? init.body : "")).toEqual({ payload: [4, 5] });
      return jsonAnswer(204, null);
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/notifications/notification_pop_up": () => jsonAnswer(200, popUp),
          "POST /api/notifications/mark_as_shown": marked,
        }),
      ),
    );
    const show = vi.fn();
    renderHook(() => usePopupNotices(true, false, show), { wrapper });
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(2800);
    expect(show).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0].map((n: { id: string }) => n.id)).toEqual(["4", "5"]);
    await waitFor(() => expect(marked).toHaveBeenCalledTimes(1));
  });

  it("shows nothing while the panel is open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      "fetch",
      vi.fn(fetchRoutes({ "GET /api/notifications/notification_pop_up": () => jsonAnswer(200, popUp) })),
    );
    const show = vi.fn();
    renderHook(() => usePopupNotices(true, true, show), { wrapper });
    await vi.advanceTimersByTimeAsync(5000);
    expect(show).not.toHaveBeenCalled();
  });
});
