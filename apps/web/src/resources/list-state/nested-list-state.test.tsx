// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { memoryListStore, nestedListStore } from "./list-storage";
import { useListState, useNestedListState } from "./use-list-state";

const nested = (parentId: string, path = `/crew-users/${parentId}/notes`) =>
  renderHook(
    () => ({
      list: useNestedListState({
        list: "crewNotes",
        parentType: "clients",
        parentId,
        defaultSort: "-created_at",
      }),
      location: useLocation(),
    }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      ),
    },
  );

beforeEach(() => {
  window.localStorage.clear();
  for (const key of ["1", "2"].flatMap((id) =>
    ["lastQuery", "filter", "filterExpanded", "filterType"].map((k) => `crewNotes@clients:${id}.${k}`),
  )) {
    nestedListStore.removeItem(key);
  }
});

describe("list state per parent", () => {
  it("keeps each parent's page, sort, filter and search apart", () => {
    const first = nested("1");
    act(() => first.result.current.list.setPage(3));
    act(() => first.result.current.list.toggleSort("title"));
    act(() => first.result.current.list.setFilterValue("title", "visa"));
    act(() => first.result.current.list.applyFilter());
    first.unmount();

    const second = nested("2");
    expect(second.result.current.list.query).toMatchObject({
      page: 1,
      sort: { field: "created_at", order: "desc" },
      filter: {},
    });
    act(() => second.result.current.list.setSearchInput("medical"));
    act(() => second.result.current.list.applySearch());
    second.unmount();

    const again = nested("1");
    expect(again.result.current.list.query).toMatchObject({
      page: 1,
      sort: { field: "title", order: "desc" },
      filter: { title: "visa" },
      search: "",
    });
    expect(again.result.current.location.search).toBe("?sort=-title&filter%5Btitle%5D=visa");
    again.unmount();
    expect(nested("2").result.current.list.query.search).toBe("medical");
  });

  it("never writes nested state into local storage, where the top-level lists keep the spec's keys", () => {
    const list = nested("1");
    act(() => list.result.current.list.setFilterExpanded(true));
    expect(Object.keys(window.localStorage)).toEqual([]);
    const top = renderHook(() => useListState({ list: "users", defaultSort: "name" }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={["/users"]}>{children}</MemoryRouter>
      ),
    });
    act(() => top.result.current.setFilterExpanded(true));
    expect(window.localStorage.getItem("users.filterExpanded")).toBe("true");
  });

  it("forgets the oldest parents past its capacity", () => {
    const store = memoryListStore(3);
    for (const id of [1, 2, 3, 4]) store.setItem(`x@users:${id}.lastQuery`, "page=2");
    expect(store.size()).toBe(3);
    expect(store.getItem("x@users:1.lastQuery")).toBeNull();
    expect(store.getItem("x@users:4.lastQuery")).toBe("page=2");
  });
});
