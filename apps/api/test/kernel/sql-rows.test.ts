import { describe, expect, it } from "vitest";
import { utcTimestamp } from "../../src/kernel/sql-rows.js";

/** What Date's own parser reads from the same text: the reference the fast path must equal. */
const reference = (text: string): number => new Date(`${text.replace(" ", "T")}Z`).getTime();

describe("utcTimestamp (a timestamp column's text read as UTC)", () => {
  it("reads every form PostgreSQL writes as Date's parser does", () => {
    const forms = [
      "2026-11-29 07:04:02.671",
      "2026-11-29 07:04:02.67",
      "2026-11-29 07:04:02.6",
      "2026-11-29 07:04:02",
      "2026-11-29 07:04:02.671234",
      "1999-12-31 23:59:59.999",
      "2020-02-29 12:00:00.5",
      "1000-01-01 00:00:00.001",
      "0050-01-01 00:00:00",
      "10000-01-01 00:00:00",
      "infinity",
      "-infinity",
      "2026-11-29 07:04:02 BC",
      "2026-11-29 07:04:02.",
      "2026-11-29 07:04:02.6x1",
    ];
    for (const text of forms) expect([text, utcTimestamp(text).getTime()]).toEqual([text, reference(text)]);
  });

  it("agrees with Date's parser over a spread of dates and fractions", () => {
    for (let i = 0; i < 5_000; i++) {
      const at = new Date(Date.UTC(1970, 0, 1) + i * 7_919_993_571);
      const iso = at.toISOString();
      // No fraction, or one, two or three of its digits, as PostgreSQL trims trailing zeros.
      const fraction = ["", iso.slice(19, 21), iso.slice(19, 22), iso.slice(19, 23)][i % 4] ?? "";
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}`;
      expect([text, utcTimestamp(text).getTime()]).toEqual([text, reference(text)]);
    }
  });
});
