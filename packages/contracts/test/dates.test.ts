import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, isoDay, parseDay, utcToday } from "../src/dates.js";

describe("date helpers (spec 000 §9: dd.MM.yyyy)", () => {
  it("formats a calendar day from an ISO day, an ISO date-time cut at 'T', or a Date read in UTC", () => {
    expect(formatDay("2027-03-01")).toBe("01.03.2027");
    expect(formatDay("2027-03-01T23:30:00.000Z")).toBe("01.03.2027");
    expect(formatDay(new Date("2027-03-01T23:59:00.000Z"))).toBe("01.03.2027");
    expect([formatDay(null), formatDay(undefined), formatDay("")]).toEqual(["", "", ""]);
  });

  it("reads a typed dd.MM.yyyy only when it is exactly so and a real day", () => {
    expect(parseDay(" 29.02.2028 ")).toBe("2028-02-29");
    expect([
      parseDay("29.02.2027"),
      parseDay("1.3.2027"),
      parseDay("01.13.2027"),
      parseDay("2027-03-01"),
      parseDay(""),
    ]).toEqual([null, null, null, null, null]);
  });

  it("gives the ISO day and today's UTC midnight", () => {
    expect(isoDay(new Date("2027-03-01T23:59:00.000Z"))).toBe("2027-03-01");
    expect(utcToday(new Date("2027-03-01T23:59:00.000Z")).toISOString()).toBe("2027-03-01T00:00:00.000Z");
  });

  it("shows an instant in the reader's time zone and keeps an ISO day on its day", () => {
    const instant = new Date(2027, 2, 1, 9, 5);
    expect(formatDateTime(instant.toISOString())).toBe("01.03.2027 09:05");
    expect(formatDate(instant.getTime())).toBe("01.03.2027");
    expect(formatDate("2027-03-01")).toBe("01.03.2027");
    expect(formatDateTime("2027-03-01")).toBe("01.03.2027 00:00");
    expect([formatDate("not a date"), formatDateTime(null), formatDate("")]).toEqual(["", "", ""]);
  });
});
