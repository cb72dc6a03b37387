import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fetchRoutes, jsonAnswer, renderWithProviders } from "../../lib/test-utils";
import { CLEAR_ALL_CONFIRM, EMPTY_TEXT, NotificationsDrawer } from "./NotificationsDrawer";

const listOf = (items: { id: string; shown: boolean }[], count = items.length) => ({
  data: items.map(({ id, shown }) => ({
    type: "notifications",
    id,
    attributes: {
      author_avatar: null,
      author_name: "Maria Manager",
      primary_text: `Crew change ${id}`,
      secondary_text: "MV Nordic Star",
      item_link: `https://example.com/item/${id}`,
      shown,
      read: false,
      created_at: "2026-11-21T18:24:00.000Z",
    },
  })),
  meta: { count, total: count },
  links: {
    self: "",
    first: "",
    last: `/api/notifications?page[number]=${Math.max(1, Math.ceil(count / 10))}`,
    prev: null,
    next: null,
  },
});

describe("notifications panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Notifications are empty' when there are none", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(fetchRoutes({ "GET /api/notifications": () => jsonAnswer(200, listOf([])) })),
    );
    renderWithProviders(<NotificationsDrawer opened onClose={() => undefined} />);
    await screen.findByText(EMPTY_TEXT);
    screen.getByText("Notifications");
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("lists items as links to their item in a new tab, marking unshown ones", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/notifications": () =>
            jsonAnswer(
              200,
              listOf([
                { id: "1", shown: false },
                { id: "2", shown: true },
              ]),
            ),
        }),
      ),
    );
    renderWithProviders(<NotificationsDrawer opened onClose={() => undefined} />);
    const link = (await screen.findByText("Crew change 1")).closest("a");
    expect(link?.getAttribute("href")).toBe("https://example.com/item/1");
    expect(link?.getAttribute("target")).toBe("_blank");
    const items = screen.getAllByTestId("notification-item");
    expect(items[0]?.hasAttribute("data-shown")).toBe(false);
    expect(items[1]?.hasAttribute("data-shown")).toBe(true);
    expect(screen.getAllByText(/^\d\d\.\d\d\.2026 \d\d:\d\d$/)).toHaveLength(2);
  });

  it("shows pagination only when there are more items than a page holds", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/notifications": () => jsonAnswer(200, listOf([{ id: "1", shown: true }], 23)),
        }),
      ),
    );
    renderWithProviders(<NotificationsDrawer opened onClose={() => undefined} />);
    await screen.findByText("Crew change 1");
    // 23 items at 10 a page.
    expect(
      screen
        .getAllByRole("button")
        .map((b) => b.textContent)
        .filter((t) => /^\d+$/.test(t ?? "")),
    ).toEqual(["1", "2", "3"]);
  });

  it("asks before clearing all, then clears all", async () => {
    const cleared = vi.fn(() => jsonAnswer(204, null));
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/notifications": () => jsonAnswer(200, listOf([{ id: "1", shown: true }])),
          "DELETE /api/notifications": cleared,
          "GET /api/notifications/notification_count": () => jsonAnswer(200, { unread_count: 0 }),
        }),
      ),
    );
    renderWithProviders(<NotificationsDrawer opened onClose={() => undefined} />);
    await screen.findByText("Crew change 1");
    fireEvent.click(screen.getByRole("button", { name: "Clear all" }));
    within(await screen.findByRole("dialog", { name: "Clear all notifications" })).getByText(
      CLEAR_ALL_CONFIRM,
    );
    expect(cleared).not.toHaveBeenCalled();
    const dialog = screen.getByRole("dialog", { name: "Clear all notifications" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Clear all" }));
    await waitFor(() => expect(cleared).toHaveBeenCalledTimes(1));
  });

  it("clears one item with its own button", async () => {
    const clearedOne = vi.fn(() => jsonAnswer(204, null));
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/notifications": () => jsonAnswer(200, listOf([{ id: "7", shown: true }])),
          "DELETE /api/notifications/7": clearedOne,
          "GET /api/notifications/notification_count": () => jsonAnswer(200, { unread_count: 0 }),
        }),
      ),
    );
    renderWithProviders(<NotificationsDrawer opened onClose={() => undefined} />);
    await screen.findByText("Crew change 7");
    fireEvent.click(screen.getByRole("button", { name: "Clear notification" }));
    await waitFor(() => expect(clearedOne).toHaveBeenCalledTimes(1));
  });
});
