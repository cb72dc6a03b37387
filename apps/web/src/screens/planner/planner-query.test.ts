import { describe, expect, it } from "vitest";
import { defaultDay, defaultFilter, initialQuery, isComplete, toSearch } from "./planner-query";

const now = new Date("2026-11-22T10:00:00Z");

describe("planner query", () => {
  it("takes the filter from the address, then the saved query, then the defaults", () => {
    expect(
      initialQuery("?vesselIds=1,2&roleIds=3&ownerIds=all&day=2026-07-01", "vesselIds=9&roleIds=9", now),
    ).toMatchObject({ vesselIds: [1, 2], roleIds: [3], ownerIds: "all", day: "2026-07-01" });
    expect(initialQuery("", "vesselIds=9&roleIds=8&ownerIds=4,5", now)).toMatchObject({
      vesselIds: [9],
      roleIds: [8],
      ownerIds: [4, 5],
    });
    expect(initialQuery("", null, now)).toEqual({
      open: false,
      cell: 140,
      day: "2026-06-22",
      roleIds: [],
      vesselIds: [],
      ownerIds: "all",
      additionalFilter: "",
    });
  });

  it("starts five months back and is complete with a vessel and a rank", () => {
    expect(defaultDay(now)).toBe("2026-06-22");
    expect(isComplete(initialQuery("?vesselIds=1", null, now))).toBe(false);
    expect(isComplete(initialQuery("?vesselIds=1&roleIds=2", null, now))).toBe(true);
  });

  it("writes back what it read", () => {
    const q = initialQuery(
      "?vesselIds=1,2&roleIds=3&ownerIds=4&day=2026-07-01&cell=200&open=true&additionalFilter=vacancies",
      null,
      now,
    );
    expect(initialQuery(`?${toSearch(q)}`, null, now)).toEqual(q);
  });

  it("defaults to the vessels the user coordinates, else the first few by name, with every rank", () => {
    const rows = [
      { vesselId: 1, vesselName: "Cape", rankId: 1, coordinatorId: 7 },
      { vesselId: 2, vesselName: "Amber", rankId: 2, coordinatorId: null },
      { vesselId: 3, vesselName: "Baltic", rankId: 1, coordinatorId: null },
    ];
    expect(defaultFilter(rows, 7)).toEqual({ vesselIds: [1], roleIds: [1, 2] });
    expect(defaultFilter(rows, 8)).toEqual({ vesselIds: [2, 3, 1], roleIds: [1, 2] });
  });
});
