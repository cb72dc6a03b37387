import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { addService, createApplicant, fixtures, patch, post, rel } from "../records/support.js";

let admin: TAuthHeaders;
let rankId: number;

beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  rankId = (await fixtures()).rank.id;
});

/** A definition's `rules` (sea service: sign-off not before sign-on), enforced by the kernel over the row as the write leaves it. */
describe("declared rules over several attributes", () => {
  it("refuse a create that breaks one: 422 on the field with the rule's message", async () => {
    const user = await createApplicant(admin);
    const res = await post(
      admin,
      `/api/users/${user.id}/expiriences`,
      "expiriences",
      { vessel_name: "MV Rules", date_on: "2020-05-01", date_off: "2020-04-30" },
      { role: rel("ranks", rankId) },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        detail: expect.stringContaining("must not be before the sign-on"),
        source: { pointer: "/data/attributes/date_off" },
      }),
    ]);
  });

  it("refuse an update whose one changed date breaks a rule with a stored one", async () => {
    const user = await createApplicant(admin);
    const service = await addService(admin, user.id, rankId, {
      vessel_name: "MV Rules",
      date_on: "2020-05-01",
      date_off: "2020-06-01",
    });
    const res = await patch(admin, `/api/expiriences/${service.id}`, "expiriences", service.id, {
      date_off: "2020-04-01",
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source).toEqual({ pointer: "/data/attributes/date_off" });
    const ok = await patch(admin, `/api/expiriences/${service.id}`, "expiriences", service.id, {
      date_off: "2020-05-01",
    });
    expect(ok.status).toBe(200);
  });
});
