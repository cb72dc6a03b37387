import { describe, expect, it } from "vitest";
import { boundsRange, outOfBounds, readTypedDay } from "../src/typed-day.js";

describe("readTypedDay (issue 22.10)", () => {
  it.each([
    ["4.5.1990", "1990-05-04"],
    ["04.05.1990", "1990-05-04"],
    ["1990-05-04", "1990-05-04"],
    ["04051990", "1990-05-04"],
    [" 4/5/1990 ", "1990-05-04"],
    ["29.02.2024", "2024-02-29"],
  ])("reads %s as %s", (typed, iso) => {
    expect(readTypedDay(typed)).toEqual({ kind: "day", iso });
  });

  it("says a day that does not exist is not a date", () => {
    expect(readTypedDay("31.02.1990")).toEqual({
      kind: "invalid",
      message: '"31.02.1990" is not a date: there is no such day',
    });
    expect(readTypedDay("29.02.2023").kind).toBe("invalid");
    expect(readTypedDay("12.13.1990").kind).toBe("invalid");
  });

  it("says text in no known form is not a date, and how to type one", () => {
    expect(readTypedDay("yesterday")).toEqual({
      kind: "invalid",
      message: '"yesterday" is not a date: type it as dd.mm.yyyy',
    });
    expect(readTypedDay("4.5.199").kind).toBe("invalid");
  });

  it("reads blank text as no value", () => {
    expect(readTypedDay("  ")).toEqual({ kind: "empty" });
  });
});

describe("date bounds", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const birthday = { minYear: 1900, maxYear: 2100, notFuture: true };

  it("ends a birthday's range today", () => {
    expect(boundsRange(birthday, now)).toEqual({ min: "1900-01-01", max: "2026-11-25" });
    expect(boundsRange({ minYear: 1950, maxYear: 2100 }, now)).toEqual({
      min: "1950-01-01",
      max: "2100-12-31",
    });
  });

  it("refuses in the server's words", () => {
    expect(outOfBounds("2026-11-26", birthday, now)).toBe("can't be in the future");
    expect(outOfBounds("1899-12-31", birthday, now)).toBe("must be in 1900 or later");
    expect(outOfBounds("2101-01-01", { minYear: 1950, maxYear: 2100 }, now)).toBe(
      "must be in 2100 or earlier",
    );
    expect(outOfBounds("1990-05-04", birthday, now)).toBeNull();
  });
});

describe("dateBoundsOf", () => {
  it("reads the bounds of a definition's date validation through nullable", async () => {
    const { RESOURCES, dateBoundsOf } = await import("../src/index.js");
    const users = Object.values(RESOURCES).find((def) => def.type === "users");
    expect(dateBoundsOf(users?.attributes.birthday?.input)).toEqual({
      minYear: 1900,
      maxYear: 2100,
      notFuture: true,
    });
    expect(dateBoundsOf(users?.attributes.first_name?.input)).toBeUndefined();
  });
});
