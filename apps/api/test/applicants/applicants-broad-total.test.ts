import { describe, expect, it } from "vitest";
import { applicantsListRepository } from "../../src/resources/applicants/applicants-list-repository.js";
import type { TApplicantQuery } from "../../src/resources/applicants/applicants-query.js";
import { signInAs } from "../support/auth.js";
import { createApplicant, db } from "./support.js";

/**
 * A broad filter (age, sea service) counts its matches only up to a cap; past it the total is
 * the planner's estimate and says so (meta.total_estimated). The cap is lowered here so the
 * shared test database's applicants are enough to cross it.
 */
const everyAge: TApplicantQuery = {
  actorId: 0,
  filter: { age: { from: 0, to: 200 } },
  search: [],
  sort: [{ field: "created_at", desc: true }],
};

describe("the total of a broad applicant query", () => {
  it("is counted exactly up to the cap", async () => {
    const { headers } = await signInAs("admin");
    await createApplicant(headers, { birthday: "1990-05-01" });
    await createApplicant(headers, { birthday: "1985-05-01" });
    const repo = applicantsListRepository(db());
    const exact = await repo.count(everyAge);
    const page = await repo.page(everyAge, { size: 15, number: 1 }, exact + 10);
    expect(page.total).toBe(exact);
    expect(page.estimated).toBeUndefined();
    expect(page.ids.length).toBe(Math.min(15, exact));
  });

  it("is the planner's estimate past the cap, never below the rows the page proves", async () => {
    const { headers } = await signInAs("admin");
    for (const birthday of ["1980-01-01", "1981-01-01", "1982-01-01"])
      await createApplicant(headers, { birthday });
    const repo = applicantsListRepository(db());
    const exact = await repo.count(everyAge);
    expect(exact).toBeGreaterThan(2);
    const page = await repo.page(everyAge, { size: 2, number: 1 }, 1);
    expect(page.estimated).toBe(true);
    expect(page.ids).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(2);
    // An estimate, but of the right order (the statistics may lag the newest rows).
    expect(page.total).toBeLessThan(exact * 10 + 100);
  });
});
