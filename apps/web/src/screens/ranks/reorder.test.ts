import { describe, expect, it } from "vitest";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { canReorder, moveRecord } from "./reorder";

const rank = (id: number, priority: number): TResourceRecord => ({
  type: "ranks",
  id: String(id),
  attributes: { title: `R${id}`, crewing_priority: priority },
});
const page = [rank(1, 16), rank(2, 17), rank(3, 18), rank(4, 19)];
const ids = (records: TResourceRecord[] | null) => records?.map((r) => r.id);
const priorities = (records: TResourceRecord[] | null) => records?.map((r) => r.attributes.crewing_priority);

describe("rank reorder", () => {
  it("moves down and renumbers from the page offset", () => {
    const next = moveRecord(page, 0, 2, 15);
    expect(ids(next)).toEqual(["2", "3", "1", "4"]);
    expect(priorities(next)).toEqual([16, 17, 18, 19]);
  });

  it("moves up", () => {
    const next = moveRecord(page, 3, 1, 15);
    expect(ids(next)).toEqual(["1", "4", "2", "3"]);
    expect(priorities(next)).toEqual([16, 17, 18, 19]);
  });

  it("does nothing for a drop in place", () => {
    expect(moveRecord(page, 2, 2, 0)).toBeNull();
  });

  it("leaves the input untouched (the old order comes back on failure)", () => {
    moveRecord(page, 0, 3, 0);
    expect(ids(page)).toEqual(["1", "2", "3", "4"]);
  });

  it("allows dragging only in priority order without filter or search", () => {
    expect(canReorder({ field: "crewing_priority", order: "asc" }, 0, "")).toBe(true);
    expect(canReorder({ field: "crewing_priority", order: "desc" }, 0, "")).toBe(false);
    expect(canReorder({ field: "title", order: "asc" }, 0, "")).toBe(false);
    expect(canReorder({ field: "crewing_priority", order: "asc" }, 1, "")).toBe(false);
  });
});
