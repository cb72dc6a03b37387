import * as contracts from "@crew/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchRoutes, jsonAnswer, renderWithProviders, sentJson, signInWith } from "../../lib/test-utils";
import { testResources } from "../../lib/test-resources";
import { screenConfigOf } from "../screen-config";
import { bulkActionsOf } from "./bulk-actions";
import { ResourceListScreen } from "./ResourceListScreen";

const { crewNotes } = testResources(contracts);
const page = (ids: string[], total = ids.length) => ({
  data: ids.map((id) => ({
    type: "crew_notes",
    id,
    attributes: { title: `Note ${id}`, created_at: "2026-11-20T10:00:00Z" },
  })),
  meta: { count: total, total },
  links: {
    self: "",
    first: "",
    last: `/api/crew_notes?page[number]=${Math.ceil(total / 15)}`,
    prev: null,
    next: null,
  },
});

const render = (routes: Record<string, (init?: RequestInit) => Response>) => {
  const fetchMock = vi.fn(fetchRoutes(routes));
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<ResourceListScreen config={screenConfigOf(crewNotes)} />, { route: "/crew-notes" });
  return fetchMock;
};
const rowBox = (name: string) => screen.getByRole("checkbox", { name: `Select ${name}` });

describe("row selection and bulk actions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the collection actions that take {ids} alone, as far as the user may run them", () => {
    const can = () => true;
    expect(bulkActionsOf(crewNotes, can).map((b) => b.name)).toEqual(["archive"]);
    expect(bulkActionsOf(crewNotes, can)[0]!.input(["3", "4"])).toEqual({ ids: [3, 4] });
    expect(bulkActionsOf(crewNotes, () => false)).toEqual([]);
    // Notification marks take {payload}, not {ids}: no bulk buttons there.
    expect(bulkActionsOf(contracts.notifications, can)).toEqual([]);
  });

  it("selects rows and the page, runs a bulk action with the chosen ids, then clears the choice", async () => {
    signInWith(["crewUsers"]);
    const archived = vi.fn((init?: RequestInit) => {
      expect(sentJson(init)).toEqual({ ids: [1, 3] });
      return jsonAnswer(204, null);
    });
    render({
      "GET /api/crew_notes": () => jsonAnswer(200, page(["1", "2", "3"])),
      "POST /api/crew_notes/archive": archived,
    });
    await screen.findByText("Note 1", {}, { timeout: 5000 });
    const pageBox = screen.getByRole("checkbox", { name: "Select all on this page" });
    fireEvent.click(pageBox);
    expect(screen.getByTestId("bulk-bar").textContent).toContain("3 selected");
    fireEvent.click(pageBox);
    expect(screen.queryByTestId("bulk-bar")).toBeNull();

    fireEvent.click(rowBox("Note 1"));
    fireEvent.click(rowBox("Note 3"));
    expect((pageBox as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(within(screen.getByTestId("bulk-bar")).getByRole("button", { name: "Archive" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(archived).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId("bulk-bar")).toBeNull());
    expect((rowBox("Note 1") as HTMLInputElement).checked).toBe(false);
  });

  it("deletes the chosen rows one by one and keeps those the server refused chosen", async () => {
    signInWith(["crewUsers"]);
    const deleted: string[] = [];
    render({
      "GET /api/crew_notes": () => jsonAnswer(200, page(["1", "2"])),
      "DELETE /api/crew_notes/1": () => {
        deleted.push("1");
        return jsonAnswer(204, null);
      },
      "DELETE /api/crew_notes/2": () =>
        jsonAnswer(409, { errors: [{ status: "409", title: "Note 2 is locked" }] }),
    });
    await screen.findByText("Note 1", {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    fireEvent.click(within(screen.getByTestId("bulk-bar")).getByRole("button", { name: "Delete" }));
    within(await screen.findByRole("dialog")).getByText("Delete 2 notes?");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toEqual(["1"]));
    await waitFor(() => expect(screen.getByTestId("bulk-bar").textContent).toContain("1 selected"));
    expect((rowBox("Note 2") as HTMLInputElement).checked).toBe(true);
  });

  it("shows no checkboxes to someone who may neither delete nor run a bulk action", async () => {
    signInWith([]);
    render({ "GET /api/crew_notes": () => jsonAnswer(200, page(["1"])) });
    await screen.findByText("Note 1", {}, { timeout: 5000 });
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});
