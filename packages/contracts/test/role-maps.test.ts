import { describe, expect, it } from "vitest";
import { ALL_PERMISSION_KEYS, ROLES, ROLE_MAPS, effectiveFlags, type TPermissionKey } from "../src/index.js";

const f = (role: (typeof ROLES)[number], key: TPermissionKey) => effectiveFlags(ROLE_MAPS[role], key);

describe("role maps", () => {
  it("name only keys of the permission tree", () => {
    const known = new Set<string>(ALL_PERMISSION_KEYS);
    for (const role of ROLES)
      for (const key of Object.keys(ROLE_MAPS[role])) expect(known.has(key), `${role}: ${key}`).toBe(true);
  });

  it("follow the spec's base map (also the guest map)", () => {
    expect(f("guest", "users")).toMatchObject({ read: true, create: true, update: true, delete: false });
    expect(f("guest", "vessels")).toMatchObject({ read: true, delete: true });
    for (const k of [
      "vessels.manningScales",
      "vessels.assignedUsers",
      "vessels.manager",
      "vessels.owner",
      "vessels.coordinator",
    ] as const) {
      expect(f("guest", k).read, k).toBe(false);
    }
    expect(f("guest", "vacancies")).toMatchObject({ read: true, create: false });
    expect(f("guest", "countries").read).toBe(false);
  });

  it("give partner_view a read-only timeline and no vessels or crew users", () => {
    expect(f("partner_view", "timeplans")).toMatchObject({ read: true, create: false, update: false });
    expect(f("partner_view", "timeplans.userProfile").read).toBe(false);
    expect(f("partner_view", "vessels").read).toBe(false);
    expect(f("partner_view", "vessels.manningScales").read).toBe(false);
    expect(f("partner_view", "crewUsers").read).toBe(false);
    expect(f("partner", "users").read).toBe(false);
    expect(f("partner", "timeplans")).toMatchObject({
      read: true,
      create: true,
      update: true,
      delete: false,
    });
  });

  it("give freelance applicants but not vessels, timeplans or attachments", () => {
    expect(f("freelance", "users")).toMatchObject({ read: true, update: true, delete: false });
    expect(f("freelance", "vessels").read).toBe(false);
    expect(f("freelance", "timeplans").read).toBe(false);
    expect(f("freelance", "userAttachments").read).toBe(false);
    expect(f("freelance", "tagsBatch").read).toBe(false);
    expect(f("freelance", "tgChat").delete).toBe(true);
  });

  it("make superuser the admin plus archived manning scales", () => {
    expect(f("admin", "vessels.archivedManningScales").read).toBe(false);
    expect(f("superuser", "vessels.archivedManningScales").read).toBe(true);
    expect(f("manager", "crewUserStatus").update).toBe(true);
    expect(f("manager", "crewUsers").read).toBe(false);
  });
});
