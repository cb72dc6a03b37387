import { describe, expect, it } from "vitest";
import { matrixMarkText } from "./matrix-mark-text";

const mark = {
  matrix: "Aegean fleet standard",
  rank: "Master",
  vessel: "AEGEAN WAVE",
  time_plan_id: 7,
  joining_date: "2027-03-01",
  end_date: "2027-09-01",
};

describe("the applicants list's matrix documents mark", () => {
  it("names the plan and each required document that falls short", () => {
    const text = matrixMarkText({
      ...mark,
      state: "missing",
      problems: [
        { document: "CoC Master", status: "missing", covers_tour: false, valid_until: null },
        { document: "Medical", status: "expiring", covers_tour: false, valid_until: "2027-05-15" },
        { document: "Passport", status: "valid", covers_tour: false, valid_until: "2027-06-01" },
        { document: "Basic safety", status: "expired", covers_tour: false, valid_until: "2026-01-01" },
      ],
    });
    expect(text.label).toBe("Documents for the planned rank: a required document is missing");
    expect(text.lines).toEqual([
      "Aegean fleet standard: Master on AEGEAN WAVE, 01.03.2027 – 01.09.2027",
      "Missing: CoC Master",
      "Too little validity: Medical (valid until 15.05.2027)",
      "Expires during the tour: Passport (valid until 01.06.2027)",
      "Expired: Basic safety (valid until 01.01.2026)",
    ]);
  });

  it("says so when every required document lasts the tour", () => {
    const text = matrixMarkText({ ...mark, vessel: null, state: "valid", problems: [] });
    expect(text.label).toBe("Documents for the planned rank: every required document valid for the tour");
    expect(text.lines).toEqual([
      "Aegean fleet standard: Master, 01.03.2027 – 01.09.2027",
      "Every required document valid for the whole tour",
    ]);
  });
});
