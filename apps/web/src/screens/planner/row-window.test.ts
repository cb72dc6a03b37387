import { describe, expect, it } from "vitest";
import { plannerRows, rowWindow, type TPlannerRow } from "./row-window";

describe("planner rows", () => {
  it("gives vis-timeline the rows on screen and a few below them", () => {
    expect(rowWindow(0, 30, 600, 1000)).toEqual({ first: 0, last: 24 });
    expect(rowWindow(3000, 30, 600, 1000)).toEqual({ first: 100, last: 124 });
    expect(rowWindow(1e9, 30, 600, 1000)).toEqual({ first: 980, last: 999 });
    expect(rowWindow(0, 30, 600, 5)).toEqual({ first: 0, last: 4 });
  });

  it("keeps the chosen vessels (by name) and ranks (in crewing order), then the extra filter", () => {
    const row = (
      id: number,
      vesselId: number,
      vesselName: string,
      rankId: number,
      priority: number,
      extra: Partial<TPlannerRow> = {},
    ): TPlannerRow => ({
      id,
      vesselId,
      vesselName,
      rankId,
      priority,
      name: `R${rankId}`,
      templateOffer: null,
      rankTitle: `R${rankId}`,
      rankPriority: rankId,
      coordinatorId: null,
      ownerId: null,
      ownerName: null,
      openVacancies: 0,
      ...extra,
    });
    const rows = [
      row(21, 2, "Baltic", 9, 2, { openVacancies: 1 }),
      row(20, 2, "Baltic", 1, 1),
      row(11, 1, "Atlantic", 9, 2, { coordinatorId: 5 }),
      row(30, 3, "Other", 1, 1),
    ];
    const query = { vesselIds: [1, 2], roleIds: [1, 9], additionalFilter: "" };
    expect(plannerRows(rows, query, 5).map((r) => r.id)).toEqual([11, 20, 21]);
    expect(plannerRows(rows, { ...query, roleIds: [9] }, 5).map((r) => r.id)).toEqual([11, 21]);
    expect(plannerRows(rows, { ...query, additionalFilter: "my_vessels" }, 5).map((r) => r.id)).toEqual([11]);
    expect(plannerRows(rows, { ...query, additionalFilter: "vacancies" }, 5).map((r) => r.id)).toEqual([21]);
  });
});
