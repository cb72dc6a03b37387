import { describe, expect, it } from "vitest";
import { ApiError } from "../../api";
import { tagCountOf, tagCountText } from "./survey-tag-count";

const count = {
  tag_id: 4,
  tag: "Tanker experience",
  seafarers: 14,
  answered: 2,
  open_links: 3,
  reach: 9,
  on_telegram: 6,
  without_telegram: 3,
};

describe("a survey's send to a tag", () => {
  it("reads the count from the server's 409, and nothing else", () => {
    const conflict = new ApiError(409, "Conflict", [
      { status: "409", code: "confirm_count", title: "Confirm the count", meta: count },
    ]);
    expect(tagCountOf(conflict)).toEqual(count);
    // Another 409 (a race lost meanwhile) or a 409 with a broken meta is not a count.
    expect(tagCountOf(new ApiError(409, "Conflict", [{ status: "409", title: "Conflict" }]))).toBeNull();
    expect(
      tagCountOf(
        new ApiError(409, "Conflict", [
          { status: "409", code: "confirm_count", title: "x", meta: { reach: "9" } },
        ]),
      ),
    ).toBeNull();
    expect(tagCountOf(new ApiError(403, "Forbidden", [{ status: "403", title: "Forbidden" }]))).toBeNull();
    expect(tagCountOf(new Error("network"))).toBeNull();
  });

  it("says who it reaches and who is left alone", () => {
    expect(tagCountText(count)).toEqual({
      reach: "9 seafarers, 3 without Telegram",
      left: "Left alone: 3 already hold an open link, 2 answered already (of 14 seafarers in the tag).",
    });
    expect(tagCountText({ ...count, reach: 1, without_telegram: 0, answered: 0, open_links: 0 })).toEqual({
      reach: "1 seafarer, 0 without Telegram",
      left: null,
    });
    expect(tagCountText({ ...count, reach: 0 }).reach).toBe("Nobody to send to");
  });
});
