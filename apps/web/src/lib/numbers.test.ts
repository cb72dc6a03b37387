import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber } from "./numbers";

describe("numbers", () => {
  it("separates thousands with commas", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber("82000")).toBe("82,000");
    expect(formatNumber(1234.5, 2)).toBe("1,234.50");
    expect(formatNumber(null)).toBe("");
    expect(formatNumber("abc")).toBe("");
  });
  it("puts the currency before the amount", () => {
    expect(formatMoney(5500, "USD")).toBe("USD 5,500");
    expect(formatMoney(1234.5, "EUR", 2)).toBe("EUR 1,234.50");
    expect(formatMoney(5500)).toBe("5,500");
    expect(formatMoney(undefined, "USD")).toBe("");
  });
});
