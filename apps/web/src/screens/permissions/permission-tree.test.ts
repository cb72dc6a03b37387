import { describe, expect, it } from "vitest";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { humanize, matchingRows, permissionRows } from "./permission-tree";

const rec = (id: number, item: string, parent: number | null, key = item): TResourceRecord => ({
  type: "permissions",
  id: String(id),
  attributes: {
    item,
    key,
    parent_id: parent,
    permission_type: "model",
    enable: true,
    can_read: id % 2 === 0,
  },
});

const records = [
  rec(1, "vessels", null),
  rec(2, "owner", 1, "vessels.owner"),
  rec(3, "manager", 1, "vessels.manager"),
  rec(4, "countries", null),
  rec(5, "orphan", 99),
];

describe("permission tree", () => {
  it("orders parents before their children, siblings by item", () => {
    expect(permissionRows(records).map((r) => `${r.depth}:${r.item}`)).toEqual([
      "0:countries",
      "0:orphan",
      "0:vessels",
      "1:manager",
      "1:owner",
    ]);
  });

  it("reads the flags", () => {
    const row = permissionRows(records).find((r) => r.item === "owner");
    expect(row?.flags).toEqual({
      enable: true,
      can_read: true,
      can_create: false,
      can_update: false,
      can_delete: false,
    });
  });

  it("keeps the ancestors of a match", () => {
    expect(matchingRows(permissionRows(records), "owner").map((r) => r.item)).toEqual(["vessels", "owner"]);
  });

  it("humanizes keys", () => {
    expect(humanize("crewUserStatus")).toBe("Crew user status");
  });
});
