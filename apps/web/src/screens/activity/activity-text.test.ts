import type { TActivityItem } from "@crew/contracts";
import { describe, expect, it } from "vitest";
import { activityDetails, activityTitle } from "./activity-text";

const base = { at: "2026-11-20T09:30:00.000Z", actor: { id: 3, name: "Anna Petrova" } };

describe("activity lines", () => {
  it("say what changed, ids as titles and days as dd.mm.yyyy", () => {
    const item: TActivityItem = {
      ...base,
      id: "v:1",
      kind: "change",
      event: "update",
      changes: [
        { column: "readiness_date", label: "Readiness", from: "2027-01-10", to: "2027-02-01" },
        { column: "hot", label: "Hot", from: false, to: true },
        { column: "wage", label: "Expected wage", from: null, to: 5500 },
      ],
    };
    expect(activityTitle(item)).toBe("Record changed");
    expect(activityDetails(item)).toEqual([
      "Readiness: 10.01.2027 → 01.02.2027",
      "Hot: no → yes",
      "Expected wage: — → USD 5,500",
    ]);
  });

  it("tell a document's expiry and a plan's move", () => {
    const expires: TActivityItem = {
      ...base,
      id: "x:7",
      kind: "document",
      action: "expires",
      document_id: 7,
      title: "Passport",
      number: "FA1",
      valid_until: "2026-12-01",
      renewed: true,
    };
    expect(activityTitle(expires)).toBe("Passport FA1 expires on 01.12.2026");
    expect(activityDetails(expires)).toEqual(["A newer document of this kind has been added since"]);
    const moved: TActivityItem = {
      ...base,
      id: "v:9",
      kind: "plan",
      action: "moved",
      plan_id: 4,
      vessel: "MV Aurora",
      rank: "Master",
      start: "2027-01-05",
      end: "2027-05-05",
      status: "approved",
      changes: [{ column: "start", label: "Start", from: "2027-01-01", to: "2027-01-05" }],
    };
    expect(activityTitle(moved)).toBe("Plan on MV Aurora as Master changed");
    expect(activityDetails(moved)).toEqual(["Start: 01.01.2027 → 05.01.2027"]);
  });
});
