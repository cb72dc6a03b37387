import { describe, expect, it } from "vitest";
import { pairPlans, sideAt, toggleCrewListPlan, type TToggleRow } from "../src/crew-list-toggle.js";

const plan = (id: number, ms_id: number, start: string, end: string) => ({ id, ms_id, start, end });
const row = (
  id: string,
  ms_id: number,
  sign_on_id: number | null,
  sign_off_id: number | null,
): TToggleRow => ({ id, ms_id, sign_on_id, sign_off_id });

describe("crew-list toggling (spec 002 §4)", () => {
  it("the midpoint decides the side: mostly after the crew change signs on, mostly before signs off", () => {
    expect(sideAt(plan(1, 1, "2027-03-01", "2027-09-01"), "2027-03-03")).toBe("sign_on_id");
    expect(sideAt(plan(1, 1, "2026-10-01T00:00:00.000Z", "2027-03-05T00:00:00.000Z"), "2027-03-03")).toBe(
      "sign_off_id",
    );
    // Exactly at the midpoint: not after, so sign-off.
    expect(sideAt(plan(1, 1, "2027-03-01", "2027-03-05"), "2027-03-03")).toBe("sign_off_id");
  });

  it("a new plan fills the free opposite slot of its manning-scale row, else starts a row", () => {
    const rows = [row("7", 10, null, 100), row("8", 11, 200, null)];
    expect(toggleCrewListPlan(rows, plan(101, 10, "2027-03-01", "2027-09-01"), "2027-03-02")).toEqual({
      kind: "fill",
      rowId: "7",
      side: "sign_on_id",
      planId: 101,
    });
    // Same side already taken on that row: a row of its own.
    expect(toggleCrewListPlan(rows, plan(201, 11, "2027-03-01", "2027-09-01"), "2027-03-02")).toEqual({
      kind: "create",
      side: "sign_on_id",
      planId: 201,
      msId: 11,
    });
    expect(toggleCrewListPlan(rows, plan(300, 12, "2026-09-01", "2027-03-02"), "2027-03-02")).toEqual({
      kind: "create",
      side: "sign_off_id",
      planId: 300,
      msId: 12,
    });
  });

  it("a plan already listed: clears its side of a full row, removes a row it holds alone", () => {
    const rows = [row("7", 10, 101, 100), row("8", 11, 200, null)];
    expect(toggleCrewListPlan(rows, plan(100, 10, "2026-09-01", "2027-03-02"), "2027-03-02")).toEqual({
      kind: "clear",
      rowId: "7",
      side: "sign_off_id",
    });
    expect(toggleCrewListPlan(rows, plan(200, 11, "2027-03-02", "2027-09-01"), "2027-03-02")).toEqual({
      kind: "delete",
      rowId: "8",
    });
  });

  it("pairs a selection into rows: two sign-ons and the one sign-off they relieve", () => {
    const pairs = pairPlans(
      [
        plan(1, 10, "2026-09-01", "2027-03-02"),
        plan(2, 10, "2027-03-02", "2027-09-01"),
        plan(3, 11, "2027-03-02", "2027-10-01"),
      ],
      "2027-03-02",
    );
    expect(pairs).toEqual([
      { sign_on_id: 2, sign_off_id: 1 },
      { sign_on_id: 3, sign_off_id: null },
    ]);
  });
});
