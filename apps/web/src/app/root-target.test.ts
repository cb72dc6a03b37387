import { describe, expect, it } from "vitest";
import type { TAction, TPermissionKey } from "@crew/contracts";
import type { TCan } from "../session/use-session";
import { rootTarget } from "./root-target";

const canOnly =
  (readable: readonly TPermissionKey[]): TCan =>
  (key: TPermissionKey, action: TAction | "enable") =>
    action === "read" && readable.includes(key);

describe("root redirect (spec 2.3, while screens are missing)", () => {
  it("stays on the root (start page) with timeplans.read", () => {
    expect(rootTarget(canOnly(["timeplans", "users", "ranks"]), ["/ranks", "/users"])).toEqual({
      kind: "start",
    });
  });

  it("goes to /users with users.read once that screen exists", () => {
    expect(rootTarget(canOnly(["users", "ranks"]), ["/users", "/ranks"])).toEqual({
      kind: "redirect",
      to: "/users",
    });
  });

  it("goes to /task-manager without users.read once that screen exists and is permitted", () => {
    expect(rootTarget(canOnly(["taskManager"]), ["/task-manager"])).toEqual({
      kind: "redirect",
      to: "/task-manager",
    });
  });

  it("falls back to the first permitted tab while the spec's target has no screen", () => {
    expect(rootTarget(canOnly(["users", "ranks", "ports"]), ["/ranks", "/ports"])).toEqual({
      kind: "redirect",
      to: "/ranks",
    });
    expect(rootTarget(canOnly(["ports"]), ["/ranks", "/ports"])).toEqual({ kind: "redirect", to: "/ports" });
  });

  it("shows the start page when nothing can be opened", () => {
    expect(rootTarget(canOnly(["users"]), ["/ranks"])).toEqual({ kind: "start" });
  });
});
