import { describe, expect, it } from "vitest";
import { ApiError } from "../../api";
import { registryProblemOf } from "./registry-errors";

const error = (status: number, code: string, title: string, detail?: string) =>
  new ApiError(status, "x", [
    {
      status: String(status),
      code,
      title,
      ...(detail ? { detail } : {}),
      source: { pointer: "/data/attributes/email" },
    },
  ]);

describe("registry errors", () => {
  it("a refused Equasis login reads as the spec says (002 §8)", () => {
    expect(
      registryProblemOf(error(422, "equasis_login_failed", "Equasis login or password is wrong")),
    ).toEqual({
      kind: "login",
      message: "Updating failed. Equasis login or password is wrong.",
    });
  });

  it("no saved account asks for it, with the server's reason", () => {
    expect(
      registryProblemOf(
        error(
          422,
          "equasis_account_missing",
          "Save your Equasis email and password in your profile first",
          "Your profile has no Equasis password.",
        ),
      ),
    ).toEqual({
      kind: "account",
      message: "Your profile has no Equasis password.",
    });
  });

  it("anything else says what the server said", () => {
    expect(
      registryProblemOf(
        error(
          503,
          "equasis_unavailable",
          "The vessel registry cannot be reached",
          "no answer within 20000 ms",
        ),
      ),
    ).toEqual({
      kind: "other",
      message: "The vessel registry cannot be reached: no answer within 20000 ms",
    });
    expect(registryProblemOf(new Error("offline"))).toEqual({ kind: "other", message: "offline" });
  });
});
