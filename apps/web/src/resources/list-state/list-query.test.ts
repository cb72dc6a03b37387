import { describe, expect, it } from "vitest";
import {
  defaultQuery,
  parseSort,
  queryFromParams,
  queryToParams,
  sortExpression,
  type TListQuery,
} from "./list-query";

const defaults = defaultQuery("title");

describe("address round trip", () => {
  it("leaves a default query out of the address", () => {
    expect(queryToParams(defaults, defaults).toString()).toBe("");
  });

  it("writes and reads back every part", () => {
    const query: TListQuery = {
      page: 4,
      perPage: 50,
      sort: { field: "created_at", order: "desc" },
      filter: { title: "Bulk carrier", vendor_type_id: "7" },
      search: "tank ship",
    };
    const params = queryToParams(query, defaults);
    expect(params.get("sort")).toBe("-created_at");
    expect(params.get("filter[title]")).toBe("Bulk carrier");
    expect(queryFromParams(new URLSearchParams(params.toString()), defaults)).toEqual(query);
  });

  it("keeps parameters that are not the list's own", () => {
    const keep = new URLSearchParams("tab=docs&page=9");
    const params = queryToParams({ ...defaults, page: 2 }, defaults, keep);
    expect(params.get("tab")).toBe("docs");
    expect(params.get("page")).toBe("2");
  });

  it("falls back to defaults on malformed values", () => {
    const q = queryFromParams(new URLSearchParams("page=-1&perPage=abc&sort=drop%20table"), defaults);
    expect(q).toEqual(defaults);
  });

  it("parses JSON:API sort expressions", () => {
    expect(parseSort("-created_at,title")).toEqual({ field: "created_at", order: "desc" });
    expect(sortExpression({ field: "title", order: "asc" })).toBe("title");
  });

  it("keeps a filter cleared below a default filter visible", () => {
    const withDefault = defaultQuery("title", { is_active: "true" });
    const params = queryToParams({ ...withDefault, filter: {} }, withDefault);
    expect(queryFromParams(params, withDefault).filter).toEqual({});
    expect(queryFromParams(new URLSearchParams(""), withDefault).filter).toEqual({ is_active: "true" });
  });
});
