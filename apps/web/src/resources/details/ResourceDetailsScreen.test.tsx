import { crewUsers } from "@crew/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { canFor } from "../../session/use-session";
import { sessionStore } from "../../session/session-store";
import { fetchRoutes, jsonAnswer, renderRoutes, signInWith, urlOf } from "../../lib/test-utils";
import { routesOfResource } from "../routes";

// Crew notes: a test-only resource listed under clients (a nested list with a nested create).
vi.mock("@crew/contracts", async (original) =>
  (await import("../../lib/test-resources")).withTestResources(await original()),
);

const links = { self: "", first: "", last: "", prev: null, next: null };
const anna = {
  type: "clients",
  id: "5",
  attributes: {
    name: "Anna B",
    email: "anna@example.com",
    role: "manager",
    status: "active",
    hidden_tags: [],
    shown_tags: [],
    new_seafarer_tags: [],
  },
};
const notes = {
  data: [
    {
      type: "crew_notes",
      id: "1",
      attributes: { title: "Visa renewal", created_at: "2026-11-20T10:00:00Z" },
      relationships: { client: { data: { type: "clients", id: "5" } } },
    },
    { type: "crew_notes", id: "2", attributes: { title: "Medical", created_at: "2026-11-21T10:00:00Z" } },
  ],
  meta: { count: 2, total: 2 },
  links,
};
const version = (id: string, attributes: Record<string, unknown>) => ({
  type: "versions",
  id,
  attributes: {
    owner_type: null,
    owner_id: null,
    actor_id: 1,
    request_id: "r",
    created_at: "2026-11-22T09:30:00Z",
    ...attributes,
  },
});
const versions = {
  data: [
    version("9", {
      item_type: "clients",
      item_id: 5,
      event: "update",
      actor_name: "Anna Admin",
      changes: {
        name: ["Anna", "Anna B"],
        password_hash: ["[redacted]", "[redacted]"],
        updated_at: ["a", "b"],
      },
    }),
    version("8", {
      item_type: "crew_notes",
      item_id: 2,
      event: "create",
      actor_name: null,
      changes: { id: [null, 2], title: [null, "Medical"], body: [null, null] },
    }),
  ],
  meta: { count: 2, total: 2 },
  links,
};

/** The first screen of a file loads its lazy chunks (the crew-user details, the list view): give it time on a busy machine. */
const LOADING = { timeout: 8000 };

const setup = (path: string) => {
  signInWith(["crewUsers", "ranks"]);
  const state = sessionStore.getState();
  const can = canFor(state.status === "signed-in" ? state.user : null);
  const fetchMock = vi.fn(
    fetchRoutes({
      "GET /api/clients/5": () => jsonAnswer(200, { data: anna }),
      "GET /api/clients/5/crew_notes": () => jsonAnswer(200, notes),
      "GET /api/clients/5/versions": () => jsonAnswer(200, versions),
    }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return { ...renderRoutes(routesOfResource(crewUsers, can), path), fetchMock };
};

describe("details screen: tabs, related lists, history", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the record's fields with a tab per list under it and its History", async () => {
    setup("/crew-users/5/details");
    await screen.findByRole("heading", { name: "Anna B" }, LOADING);
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Details", "Notes", "History"]);
    screen.getByText("anna@example.com");
  });

  it("lists the children of this record through the nested path, with new, edit and delete", async () => {
    const { router, fetchMock } = setup("/crew-users/5/details");
    fireEvent.click(await screen.findByRole("tab", { name: "Notes" }, LOADING));
    await screen.findByText("Visa renewal", {}, LOADING);
    expect(router.state.location.pathname).toBe("/crew-users/5/crew_notes");
    const call = fetchMock.mock.calls
      .map(([input]) => urlOf(input))
      .find((u) => u.startsWith("/api/clients/5/crew_notes"));
    expect(call).toBe(
      "/api/clients/5/crew_notes?page[size]=15&page[number]=1&sort=-created_at&include=ranks",
    );
    expect(screen.getByRole("link", { name: "New note" }).getAttribute("href")).toBe(
      "/crew-users/5/crew_notes/new",
    );
    expect(screen.getByRole("link", { name: "Edit Medical" }).getAttribute("href")).toBe(
      "/crew-users/5/crew_notes/2/edit",
    );
    // The parent column would repeat the page's own record.
    expect(screen.queryByRole("columnheader", { name: "User" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "New note" }));
    await screen.findByRole("dialog", { name: "New note" }, LOADING);
    // The parent is filled in by the nested create: no picker for it.
    expect(screen.queryByRole("textbox", { name: "User" })).toBeNull();
  });

  it("shows who changed what and when, in the item type's own labels", async () => {
    setup("/crew-users/5/history");
    const entries = await screen.findAllByTestId("version", {}, LOADING);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain("Anna Admin");
    expect(entries[0]!.textContent).toContain("Updated");
    expect(screen.getAllByTestId("version-change").map((l) => l.textContent)).toEqual([
      "Name: Anna → Anna B",
      "Password: [redacted] → [redacted]",
      "Title: Medical",
    ]);
    expect(entries[1]!.textContent).toContain("System");
    expect(entries[1]!.textContent).toContain("Note #2");
    expect(entries[0]!.textContent).toMatch(/22\.11\.2026 \d\d:30/);
  });

  it("sends an unknown tab to not-found and keeps /:id going to details", async () => {
    const { router } = setup("/crew-users/5/nonsense");
    await waitFor(() => expect(router.state.location.pathname).toBe("/page-not-found"), LOADING);
    await router.navigate("/crew-users/5");
    await waitFor(() => expect(router.state.location.pathname).toBe("/crew-users/5/details"), LOADING);
  });
});
