import { describe, expect, it } from "vitest";
import { meetingDate, rotationMoves, type TRotationPlan } from "./rotation-moves";

const plan = (
  id: number,
  start: string,
  end: string,
  readiness: string | null = null,
  ms_id = 1,
): TRotationPlan => ({ id, ms_id, start, end, label: `Seafarer ${id}`, row: "Master", readiness });

describe("a new crew change's date and moves", () => {
  it("starts on the day a relief starts and the relieved ends, which moves nobody", () => {
    const plans = [plan(1, "2026-08-01", "2027-01-07"), plan(2, "2027-01-07", "2027-06-01", "2026-12-20")];
    expect(meetingDate(plans)).toBe("2027-01-07");
    expect(rotationMoves(plans, "2027-01-07")).toEqual([]);
  });

  it("lists each plan whose dates change, and a relief moved before his readiness date", () => {
    const plans = [plan(1, "2026-08-01", "2027-01-07"), plan(2, "2027-01-07", "2027-06-01", "2027-01-01")];
    const moves = rotationMoves(plans, "2026-11-25");
    expect(moves.map((m) => [m.id, m.from, m.to, m.beforeReadiness])).toEqual([
      [1, { start: "2026-08-01", end: "2027-01-07" }, { start: "2026-08-01", end: "2026-11-25" }, null],
      [
        2,
        { start: "2027-01-07", end: "2027-06-01" },
        { start: "2026-11-25", end: "2027-06-01" },
        "2027-01-01",
      ],
    ]);
    // Reliefs joining later start on the sign-on date.
    expect(rotationMoves(plans, "2026-11-25", "2027-01-07").map((m) => m.id)).toEqual([1]);
  });

  it("picks the day that moves the plans least when they do not meet", () => {
    const plans = [
      plan(1, "2026-08-01", "2027-01-07"),
      plan(2, "2027-01-10", "2027-06-01"),
      plan(3, "2027-01-12", "2027-08-01", null, 2),
    ];
    expect(meetingDate(plans)).toBe("2027-01-10");
  });
});
