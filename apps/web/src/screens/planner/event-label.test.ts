import { describe, expect, it } from "vitest";
import { planClasses, planLabel, type TPlanLabelData } from "./event-label";

const base: TPlanLabelData = {
  status: "approved",
  user_name: "Kovalenko A.",
  to_publish: false,
  offer: null,
  telegram_bot: false,
  repair_team: false,
  problem_newcomer: false,
  port_name: null,
  start: "2027-02-15T00:00:00.000Z",
  readiness_date: null,
  last_comment_body: null,
};

describe("timeplan labels (spec 002 §4)", () => {
  it("a published vacancy shows the globe and its offer, except to partner_view", () => {
    const vacancy = { ...base, status: "vacancy" as const, user_name: null, to_publish: true, offer: 4200 };
    expect(planLabel(vacancy, false)).toBe("🌐 Vacancy (USD 4,200)");
    expect(planLabel(vacancy, true)).toBe("Vacancy");
    expect(planLabel({ ...vacancy, to_publish: false }, false)).toBe("Vacancy");
  });

  it("robot for the messenger bot (not for Other agency), wrench, trademark, port prefix, DOA and the last comment", () => {
    expect(planLabel({ ...base, telegram_bot: true }, false)).toBe("🤖 Kovalenko A.");
    expect(planLabel({ ...base, status: "other_agency", telegram_bot: true }, false)).toBe("Kovalenko A.");
    expect(planLabel({ ...base, repair_team: true, problem_newcomer: true }, false)).toBe(
      "🔧 ™ Kovalenko A.",
    );
    expect(planLabel({ ...base, port_name: "Rotterdam" }, false)).toBe("(15.02 Rotterdam) Kovalenko A.");
    expect(planLabel({ ...base, readiness_date: "2027-01-20" }, false)).toBe("Kovalenko A. - DOA 20.01");
    expect(planLabel({ ...base, status: "on_board", readiness_date: "2027-01-20" }, false)).toBe(
      "Kovalenko A.",
    );
    expect(planLabel({ ...base, last_comment_body: "visa ok" }, false)).toBe("Kovalenko A. · visa ok");
  });

  it("classes by status, id and crew changes", () => {
    expect(
      planClasses({ id: "7", status: "on_board", crew_change_sign_on_id: 3, crew_change_sign_off_id: null }),
    ).toBe("plan plan--on_board plan-7 plan--sign-on");
  });
});
