import { describe, expect, it } from "vitest";
import { expiryText, periodText, tonnes, vesselLine } from "./record-display";

describe("record display", () => {
  it("writes a contract's period and a vessel's particulars as recruiters read them", () => {
    expect(periodText("2025-01-10T00:00:00.000Z", "2025-07-09T00:00:00.000Z")).toBe(
      "10.01.2025 – 09.07.2025",
    );
    expect(periodText("2025-01-10T00:00:00.000Z", null)).toBe("since 10.01.2025");
    expect(periodText(null, null)).toBe("");
    expect(tonnes(82_000)).toBe("82,000 t");
    expect(vesselLine("9074729", "Bulk carrier", 82_000)).toBe("IMO 9074729 · Bulk carrier · 82,000 t");
    expect(vesselLine(null, "", null)).toBe("");
  });

  it("says how long a document has left", () => {
    const today = new Date("2026-11-24T15:00:00Z");
    expect(expiryText("2027-01-08T00:00:00.000Z", today)).toBe("Expires in 45 days");
    expect(expiryText("2026-11-24T00:00:00.000Z", today)).toBe("Expires today");
    expect(expiryText("2026-11-23T00:00:00.000Z", today)).toBe("Expired 1 day ago");
    expect(expiryText(null, today)).toBe("");
  });
});
