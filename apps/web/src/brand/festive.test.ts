import { describe, expect, it } from "vitest";
import { isFestive } from "./festive";

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe("isFestive (24 December for 20 days)", () => {
  it("starts at midnight on 24 December", () => {
    expect(isFestive(new Date(2025, 11, 23, 23, 59, 59))).toBe(false);
    expect(isFestive(new Date(2025, 11, 24, 0, 0, 0))).toBe(true);
  });

  it("covers the turn of the year", () => {
    expect(isFestive(at(2025, 12, 31))).toBe(true);
    expect(isFestive(at(2026, 1, 1))).toBe(true);
  });

  it("lasts 20 days: 12 January is the last day, 13 January is back to normal", () => {
    expect(isFestive(new Date(2026, 0, 12, 23, 59, 59))).toBe(true);
    expect(isFestive(new Date(2026, 0, 13, 0, 0, 0))).toBe(false);
  });

  it("counts exactly 20 festive days in a season", () => {
    let days = 0;
    for (let d = new Date(2025, 11, 1, 12); d < new Date(2026, 1, 1); d.setDate(d.getDate() + 1))
      if (isFestive(d)) days++;
    expect(days).toBe(20);
  });

  it("is off the rest of the year, in a leap year too", () => {
    expect(isFestive(at(2024, 2, 29))).toBe(false);
    expect(isFestive(at(2025, 7, 15))).toBe(false);
    expect(isFestive(at(2025, 12, 1))).toBe(false);
    expect(isFestive(at(2026, 1, 20))).toBe(false);
  });
});
