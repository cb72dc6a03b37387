import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { fetchRoutes, jsonAnswer } from "../../lib/test-utils";
import { notificationKeys } from "./notifications-api";
import { usePopupNotices } from "./use-popup-notices";

const answer = (ids: string[]) => ({
  not_shown_notifications: ids.map((id) => ({
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
});
const popUp = answer(["4", "5"]);

const clientAndWrapper = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { client, wrapper };
};
const { wrapper } = clientAndWrapper();

describe("notification pop-ups (spec 4.3)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sums up what was waiting at sign-in in one notice, marks it shown, and pops up what arrives later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = popUp;
    const bodies: unknown[] = [];
    const marked = vi.fn((init?: RequestInit) => {
      bodies.push(JSON.parse(typeof init?.body === "string" ? init.body : ""));
      return jsonAnswer(204, null);
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/notifications/notification_pop_up": () => jsonAnswer(200, current),
          "POST /api/notifications/mark_as_shown": marked,
        }),
      ),
    );
    const show = vi.fn();
    const summarize = vi.fn();
    const { client, wrapper } = clientAndWrapper();
    renderHook(() => usePopupNotices(true, false, show, summarize), { wrapper });
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(2800);
    expect(summarize).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(summarize).toHaveBeenCalledTimes(1);
    expect(summarize).toHaveBeenCalledWith(2);
    expect(show).not.toHaveBeenCalled();
    await waitFor(() => expect(marked).toHaveBeenCalledTimes(1));
    expect(bodies[0]).toEqual({ payload: [4, 5] });

    // Later, live: five new ones arrive (the server still answers 4 and 5 until marked): three
    // pop up and "2 more"; the two waiting ones are not shown again.
    current = answer(["4", "5", "6", "7", "8", "9", "10"]);
    await client.invalidateQueries({ queryKey: notificationKeys.popUp });
    await vi.advanceTimersByTimeAsync(3100);
    expect(summarize).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0].map((n: { id: string }) => n.id)).toEqual(["6", "7", "8"]);
    expect(show.mock.calls[0]![1]).toBe(2);
    await waitFor(() => expect(marked).toHaveBeenCalledTimes(2));
    expect(bodies[1]).toEqual({ payload: [6, 7, 8, 9, 10] });
  });

  it("pops up a single notification waiting at sign-in as usual", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/notifications/notification_pop_up": () => jsonAnswer(200, answer(["4"])),
          "POST /api/notifications/mark_as_shown": () => jsonAnswer(204, null),
        }),
      ),
    );
    const show = vi.fn();
    const summarize = vi.fn();
    renderHook(() => usePopupNotices(true, false, show, summarize), { wrapper });
    await vi.advanceTimersByTimeAsync(3200);
    expect(summarize).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0].map((n: { id: string }) => n.id)).toEqual(["4"]);
    expect(show.mock.calls[0]![1]).toBe(0);
  });

  it("shows nothing while the panel is open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      "fetch",
      vi.fn(fetchRoutes({ "GET /api/notifications/notification_pop_up": () => jsonAnswer(200, popUp) })),
    );
    const show = vi.fn();
    const summarize = vi.fn();
    renderHook(() => usePopupNotices(true, true, show, summarize), { wrapper });
    await vi.advanceTimersByTimeAsync(5000);
    expect(show).not.toHaveBeenCalled();
    expect(summarize).not.toHaveBeenCalled();
  });
});
