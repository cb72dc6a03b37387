import { describe, expect, it } from "vitest";
import { defaultQuery } from "./list-query";
import { initialListState, listReducer, nextSort, queryOfState } from "./list-reducer";

const start = () => initialListState({ ...defaultQuery("title"), page: 3 });

describe("sort toggle (spec 000 4.2)", () => {
  it("toggles the direction when the current field is clicked", () => {
    expect(nextSort({ field: "title", order: "asc" }, "title")).toEqual({ field: "title", order: "desc" });
    expect(nextSort({ field: "title", order: "desc" }, "title")).toEqual({ field: "title", order: "asc" });
  });

  it("keeps the current direction when another field is clicked", () => {
    expect(nextSort({ field: "title", order: "desc" }, "created_at")).toEqual({
      field: "created_at",
      order: "desc",
    });
    expect(nextSort({ field: "title", order: "asc" }, "created_at")).toEqual({
      field: "created_at",
      order: "asc",
    });
  });

  it("goes back to the first page", () => {
    expect(listReducer(start(), { type: "sort", field: "title" }).page).toBe(1);
  });
});

describe("filter apply and cancel", () => {
  it("keeps edited values out of the query until applied", () => {
    const edited = listReducer(start(), { type: "filterValue", name: "title", value: "bulk" });
    expect(edited.filter).toEqual({ title: "bulk" });
    expect(edited.appliedFilter).toEqual({});
    expect(queryOfState(edited).filter).toEqual({});
    expect(edited.page).toBe(3);
  });

  it("apply copies filter to appliedFilter and resets to page 1", () => {
    const edited = listReducer(start(), { type: "filterValue", name: "title", value: "bulk" });
    const applied = listReducer(edited, { type: "applyFilter" });
    expect(applied.appliedFilter).toEqual({ title: "bulk" });
    expect(applied.page).toBe(1);
    expect(queryOfState(applied).filter).toEqual({ title: "bulk" });
  });

  it("apply drops empty and 'all' values", () => {
    let s = listReducer(start(), { type: "filterValue", name: "title", value: "" });
    s = listReducer(s, { type: "filterValue", name: "role", value: "all" });
    s = listReducer(s, { type: "filterValue", name: "status", value: "away" });
    expect(listReducer(s, { type: "applyFilter" }).appliedFilter).toEqual({ status: "away" });
  });

  it("cancel restores filter from appliedFilter and closes the panel", () => {
    let s = listReducer(start(), { type: "expandFilter", expanded: true });
    s = listReducer(s, { type: "filterValue", name: "title", value: "a" });
    s = listReducer(s, { type: "applyFilter" });
    s = listReducer(s, { type: "filterValue", name: "title", value: "changed" });
    const cancelled = listReducer(s, { type: "cancelFilter" });
    expect(cancelled.filter).toEqual({ title: "a" });
    expect(cancelled.appliedFilter).toEqual({ title: "a" });
    expect(cancelled.filterExpanded).toBe(false);
  });
});

describe("paging and search", () => {
  it("a new page size starts again at page 1", () => {
    const s = listReducer(start(), { type: "perPage", perPage: 50 });
    expect(s).toMatchObject({ perPage: 50, page: 1 });
  });

  it("typing does not change the query; applying the search does and resets the page", () => {
    const typed = listReducer(start(), { type: "searchInput", value: "  oiler " });
    expect(queryOfState(typed).search).toBe("");
    const applied = listReducer(typed, { type: "applySearch" });
    expect(applied).toMatchObject({ search: "oiler", page: 1 });
  });

  it("sync adopts a query from the address", () => {
    const s = listReducer(start(), {
      type: "sync",
      query: {
        page: 2,
        perPage: 25,
        sort: { field: "created_at", order: "desc" },
        filter: { title: "x" },
        search: "y",
      },
    });
    expect(s).toMatchObject({
      page: 2,
      perPage: 25,
      filter: { title: "x" },
      appliedFilter: { title: "x" },
      searchInput: "y",
    });
  });
});
