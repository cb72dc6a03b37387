import { crewUsers } from "@crew/contracts";
import { describe, expect, it } from "vitest";
import type { TResourceEntry } from "../../src/kernel/binding.js";
import { foreignKey } from "../../src/kernel/naming.js";
import { inferRelation, resolveRelations } from "../../src/kernel/relation-inference.js";
import type { TRelationMap } from "../../src/kernel/relations.js";
import { BINDINGS } from "../../src/resources/registry.js";

/**
 * What the bindings declared by hand before the kernel inferred relationship storage from
 * Prisma's relation fields (generated/relations.ts). A schema change that alters what is
 * inferred for any of them fails here instead of changing an answer of the API.
 */
const DECLARED_BEFORE: Record<string, Record<string, TRelationMap>> = {
  "applicant-documents": {
    covers: {
      kind: "through",
      model: "DocumentEquivalence",
      from: "kindId",
      to: "coversId",
      field: "covers",
    },
  },
  clients: {
    coordinated_vessels: {
      kind: "inverse",
      model: "Vessel",
      fk: "coordinatorId",
      field: "coordinatedVessels",
    },
  },
  owner_level_fees: { role_level: { kind: "fk", field: "roleLevelId" } },
  vessels: {
    owner_vessel: { kind: "inverse", model: "OwnerVessel", fk: "vesselId", field: "ownerVessel" },
    manager_vessel: { kind: "inverse", model: "ManagerVessel", fk: "vesselId", field: "managerVessel" },
    recruiters: {
      kind: "through",
      model: "AssignVessel",
      from: "vesselId",
      to: "clientId",
      field: "recruiters",
    },
    manning_scales: { kind: "inverse", model: "ManningScale", fk: "vesselId", field: "manningScales" },
  },
  crew_changes: {
    crew_lists: { kind: "inverse", model: "CrewList", fk: "crewChangeId", field: "crewLists" },
  },
  owner_matrices: {
    roles: {
      kind: "through",
      model: "EquipmentMatrixRole",
      from: "ownerMatrixId",
      to: "roleId",
      field: "roles",
    },
    prices: { kind: "inverse", model: "EquipmentMatrixPrice", fk: "ownerMatrixId", field: "prices" },
    items: { kind: "inverse", model: "EquipmentMatrixItem", fk: "ownerMatrixId", field: "items" },
  },
  matrix_prices: { owner_matrix: { kind: "fk", field: "ownerMatrixId" } },
  users: {
    tags: { kind: "through", model: "UserTag", from: "userId", to: "tagId", field: "tags" },
    expiriences: { kind: "inverse", model: "Expirience", fk: "userId", field: "expiriences" },
  },
  applicant_documents: { kind: { kind: "fk", field: "nDoc" } },
  comment_types: {
    results: { kind: "inverse", model: "CommentEventResult", fk: "commentTypeId", field: "results" },
  },
  owner_groups: {
    roles: { kind: "through", model: "OwnerGroupRole", from: "ownerGroupId", to: "roleId", field: "roles" },
    documents: { kind: "inverse", model: "GroupItem", fk: "ownerGroupId", field: "documents" },
    items: { kind: "inverse", model: "MatrixItem", fk: "ownerGroupId", field: "items" },
  },
};

const modelOf = new Map(BINDINGS.map((b) => [b.def.type, b.model]));
const modelOfType = (type: string) => modelOf.get(type);
const resolved = new Map(BINDINGS.map((b) => [b.def.type, resolveRelations(b, modelOfType)]));

describe("relationship storage inferred from Prisma's relation fields", () => {
  it("infers exactly what the bindings declared by hand before", () => {
    for (const [type, expected] of Object.entries(DECLARED_BEFORE)) {
      const binding = BINDINGS.find((b) => b.def.type === type);
      for (const [name, map] of Object.entries(expected)) {
        expect(binding?.hooks.relations?.[name], `${type}.${name} is no longer declared`).toBeUndefined();
        expect(resolved.get(type)?.[name], `${type}.${name}`).toEqual(map);
      }
    }
  });

  it("keeps every declaration, and infers for the other relationships only their default column", () => {
    for (const binding of BINDINGS) {
      const out = resolved.get(binding.def.type) ?? {};
      for (const [name, map] of Object.entries(binding.hooks.relations ?? {})) expect(out[name]).toBe(map);
      for (const [name, rel] of Object.entries(binding.def.relationships ?? {})) {
        if (binding.hooks.relations?.[name] || DECLARED_BEFORE[binding.def.type]?.[name]) continue;
        // Before: a to-one neither declared nor inferred was read from `<name>Id`.
        const map = out[name];
        if (map) expect(map, `${binding.def.type}.${name}`).toEqual({ kind: "fk", field: foreignKey(name) });
        expect(rel.cardinality, `${binding.def.type}.${name}`).toBe("one");
      }
    }
  });

  it("tells a join model from children by the relationship's target", () => {
    // ManningScale points at Vessel and Rank: children of a vessel, not a vessel-rank join.
    expect(inferRelation("Vessel", "manning_scales", "ManningScale")).toMatchObject({ kind: "inverse" });
    expect(inferRelation("Vessel", "recruiters", "Client")).toMatchObject({
      kind: "through",
      to: "clientId",
    });
    // A to-one relation field to join rows is a single link.
    expect(inferRelation("Vessel", "owner_vessel", "Owner")).toEqual({
      kind: "through",
      model: "OwnerVessel",
      from: "vesselId",
      to: "ownerId",
      field: "ownerVessel",
      single: true,
    });
    expect(inferRelation("Vessel", "recruiters", "Rank")).toEqual({
      reason: "AssignVessel has no keys to Rank",
    });
    expect(inferRelation("Vessel", "recruiters", undefined)).toEqual({
      reason: "its type is not bound to a model",
    });
  });

  it("stops at startup, naming the resource and the relationship, when a to-many can be neither inferred nor found", () => {
    const bare: TResourceEntry = { def: crewUsers, model: "Client", hooks: {} };
    expect(() => resolveRelations(bare, modelOfType)).toThrow(
      "clients.vessels: cannot infer how this to-many relationship is stored (Client has no relation field vessels); " +
        "declare it in the binding's relations (kernel/relations.ts)",
    );
  });
});
