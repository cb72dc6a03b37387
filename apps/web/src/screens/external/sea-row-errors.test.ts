import { describe, expect, it } from "vitest";
import { ApiError } from "../../api";
import { rowErrorsOf } from "./sea-row-errors";

describe("rowErrorsOf", () => {
  it("puts each refusal on the version row the request named at its pointer", () => {
    const error = new ApiError(422, "Unprocessable Entity", [
      {
        status: "422",
        title: "Row 4 (Pair B) overlaps row 3 (Pair A), picked too; take one of them.",
        detail: "Row 4 (Pair B) overlaps row 3 (Pair A), picked too; take one of them.",
        source: { pointer: "/data/attributes/rows/0" },
      },
      {
        status: "422",
        title: "Row 1 (Overlapper) overlaps the service on Lady Anna (15.03.2024 – 19.09.2024).",
        source: { pointer: "/data/attributes/rows/2" },
      },
      {
        status: "422",
        title: "something else",
        detail: "rows something else",
        source: { pointer: "/data/attributes/rows" },
      },
    ]);
    // The request sent rows [3, 2, 0]: rows/0 is the version's row 3, rows/2 its row 0.
    const { rows, rest } = rowErrorsOf(error, [3, 2, 0]);
    expect([...rows.entries()]).toEqual([
      [3, "Row 4 (Pair B) overlaps row 3 (Pair A), picked too; take one of them."],
      [0, "Row 1 (Overlapper) overlaps the service on Lady Anna (15.03.2024 – 19.09.2024)."],
    ]);
    expect(rest).toEqual(["rows something else"]);
  });

  it("reads nothing from other failures", () => {
    expect(rowErrorsOf(new ApiError(409, "Conflict", [{ status: "409", title: "x" }]), [1])).toEqual({
      rows: new Map(),
      rest: [],
    });
    expect(rowErrorsOf(new Error("network"), [1]).rows.size).toBe(0);
  });
});
