import { describe, expect, it } from "vitest";
import { ageText, lastExperienceText, PLACEMENT_CHOICES, statusText } from "./applicant-display";

describe("applicant display rules (spec 001)", () => {
  it("reads the age as N y.o., or ??? when it cannot be worked out", () => {
    expect(ageText(34)).toBe("34 y.o.");
    expect(ageText(null)).toBe("???");
    expect(ageText("x")).toBe("???");
    expect(ageText(-1)).toBe("???");
  });

  it("shows an empty status as Vacancy and an arrow for promotions unless completed", () => {
    expect(statusText(null, 0)).toBe("Vacancy");
    expect(statusText("to_propose", 0)).toBe("To propose");
    expect(statusText("approved", 2)).toBe("Approved ↑");
    expect(statusText("completed", 2)).toBe("Completed");
    expect(statusText("nonsense", 0)).toBe("Vacancy");
  });

  it("writes the last experience as rank, vessel, period, or None", () => {
    expect(lastExperienceText({})).toBe("None");
    expect(
      lastExperienceText({
        vessel_last_rank_title: "2nd Officer",
        vessel_last_name: "NORDIC STAR",
        vessel_last_date_on: "2025-02-01T00:00:00.000Z",
        last_contract_soff: "2025-08-01T00:00:00.000Z",
      }),
    ).toBe("2nd Officer, NORDIC STAR, 01.02.2025 – 01.08.2025");
    expect(lastExperienceText({ vessel_last_name: "AEGEAN WAVE" })).toBe("AEGEAN WAVE");
  });

  it("offers on board and completed disabled", () => {
    expect(PLACEMENT_CHOICES.filter((c) => c.disabled).map((c) => c.value)).toEqual([
      "on_board",
      "completed",
    ]);
    expect(PLACEMENT_CHOICES).toHaveLength(7);
  });
});
