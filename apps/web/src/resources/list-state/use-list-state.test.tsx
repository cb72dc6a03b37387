// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useListState } from "./use-list-state";

const harness = (initial: string) => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListState({ list: "vesselTypes", defaultSort: "title" }),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
};

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("useListState", () => {
  it("debounces the search by 700 ms", () => {
    vi.useFakeTimers();
    const { result } = harness("/vessel-types");
    act(() => result.current.list.setSearchInput("bulk"));
    act(() => void vi.advanceTimersByTime(699));
    expect(result.current.list.query.search).toBe("");
    act(() => result.current.list.setSearchInput("bulker"));
    act(() => void vi.advanceTimersByTime(699));
    expect(result.current.list.query.search).toBe("");
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.list.query.search).toBe("bulker");
    expect(result.current.location.search).toBe("?search=bulker");
  });

  it("reads its query from the address", () => {
    const { result } = harness("/vessel-types?page=2&sort=-created_at&filter[title]=tank");
    expect(result.current.list.query).toMatchObject({
      page: 2,
      sort: { field: "created_at", order: "desc" },
      filter: { title: "tank" },
    });
    expect(result.current.list.state.filter).toEqual({ title: "tank" });
  });

  it("writes changes into the address and follows back navigation", () => {
    const { result } = harness("/vessel-types");
    act(() => result.current.list.toggleSort("title"));
    expect(result.current.location.search).toBe("?sort=-title");
    act(() => result.current.list.setPage(3));
    expect(result.current.location.search).toBe("?page=3&sort=-title");
    act(() => void result.current.navigate(-1));
    expect(result.current.list.query.page).toBe(1);
    expect(result.current.list.query.sort.order).toBe("desc");
  });

  it("persists filter, expansion and filter type under the spec's keys", () => {
    const { result } = harness("/vessel-types");
    act(() => result.current.list.setFilterExpanded(true));
    act(() => result.current.list.setFilterType("advanced"));
    act(() => result.current.list.setFilterValue("title", "reefer"));
    act(() => result.current.list.applyFilter());
    expect(window.localStorage.getItem("vesselTypes.filterExpanded")).toBe("true");
    expect(window.localStorage.getItem("vesselTypes.filterType")).toBe("advanced");
    expect(JSON.parse(window.localStorage.getItem("vesselTypes.filter") ?? "{}")).toEqual({
      title: "reefer",
    });
    expect(result.current.location.search).toBe("?filter%5Btitle%5D=reefer");
  });

  it("restores the last-visited query when opened without one", () => {
    const first = harness("/vessel-types");
    act(() => first.result.current.list.setPerPage(50));
    act(() => first.result.current.list.setFilterExpanded(true));
    first.unmount();
    const { result } = harness("/vessel-types");
    expect(result.current.list.query.perPage).toBe(50);
    expect(result.current.list.state.filterExpanded).toBe(true);
    expect(result.current.location.search).toBe("?perPage=50");
  });

  it("falls back to the stored filter when no query was stored", () => {
    window.localStorage.setItem("vesselTypes.filter", JSON.stringify({ title: "gas" }));
    const { result } = harness("/vessel-types");
    expect(result.current.list.query.filter).toEqual({ title: "gas" });
  });

  it("survives garbage in storage", () => {
    window.localStorage.setItem("vesselTypes.filter", "{not json");
    const { result } = harness("/vessel-types");
    expect(result.current.list.query.filter).toEqual({});
  });
});
