import { describe, expect, it } from "vitest";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { movedRows } from "./use-manning-scale";

const row = (id: string): TResourceRecord => ({ type: "manning_scales", id, attributes: {} });
const ids = (rows: TResourceRecord[] | null) => rows?.map((r) => r.id) ?? null;

describe("a manning-scale row dragged", () => {
  it("moves up and down; the others keep their order", () => {
    const rows = ["1", "2", "3", "4"].map(row);
    expect(ids(movedRows(rows, 3, 1))).toEqual(["1", "4", "2", "3"]);
    expect(ids(movedRows(rows, 0, 2))).toEqual(["2", "3", "1", "4"]);
  });

  it("a drop in place or outside the list does nothing (spec 002 §4)", () => {
    const rows = ["1", "2"].map(row);
    expect(movedRows(rows, 1, 1)).toBeNull();
    expect(movedRows(rows, 0, 5)).toBeNull();
  });
});
