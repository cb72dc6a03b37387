import { crewingAgents, managerVessels, managers, ownerVessels, owners } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TTx } from "../../db/client.js";
import { contractPrintRepository } from "../owner-contracts/contract-print-repository.js";
import { checkOwnerTemplateUpload, templateCheck } from "../owner-contracts/owner-templates.js";
import { fleetLinksRepository } from "./fleet-links-repository.js";
import { managerScope, managerVesselScope, ownerScope, ownerVesselScope } from "./fleet-scopes.js";
import { isPartner } from "./partner-scope.js";

const ZOwnerCount = z.object({ ownerVessels: z.number() });
const ZManagerCount = z.object({ managerVessels: z.number() });

/** Owners: recruiters (assign_owners), crew inspectors, their vessels; a partner sees its own. */
export const ownersBinding: TResourceEntry = bindResource(owners, "Owner", (db: TTx) => ({
  ...fleetLinksRepository(db),
  contracts: contractPrintRepository(db),
}))({
  relations: {
    recruiters: {
      kind: "through",
      model: "AssignOwner",
      from: "ownerId",
      to: "clientId",
      field: "assignments",
    },
    crew_inspectors: {
      kind: "through",
      model: "OwnerInspector",
      from: "ownerId",
      to: "clientId",
      field: "inspectors",
    },
    vessels: {
      kind: "through",
      model: "OwnerVessel",
      from: "ownerId",
      to: "vesselId",
      field: "ownerVessels",
    },
  },
  scope: ownerScope,
  /** An owner a partner adds is one of its own (it would not see it otherwise). */
  async afterWrite(after, ctx) {
    if (ctx.mode === "create" && isPartner(ctx.actor)) await ctx.repo.assignOwner(after.id, ctx.actor.id);
  },
  /** POST /owners/{id}/relationships/crew_inspectors naming an inspector the owner has is the spec's 400. */
  async beforeRelationshipChange(change, ctx) {
    if (change.name !== "crew_inspectors" || change.op !== "add") return;
    if ((await ctx.repo.inspectorsAmong(ctx.id, change.ids)).length)
      throw AppError.badRequest("User is already assigned as Crew Inspector for this owner");
  },
  include: { _count: { select: { ownerVessels: true } } },
  computed: { vessel_count: (row) => ZOwnerCount.safeParse(row._count).data?.ownerVessels ?? 0 },
  actions: {
    /** The ranks on the owner's vessels' active manning scales (and its own template rows), through the ranks' own permission. */
    async roles(ctx) {
      const ownerId = ctx.id;
      const where = {
        manningScales: {
          some: { state: "active", OR: [{ ownerId }, { vessel: { ownerVessel: { is: { ownerId } } } }] },
        },
      };
      return { document: await ctx.kernel.serviceOf("ranks").list(ctx.actor, ctx.input, ctx.url, { where }) };
    },
    // Templates and contracts (issue 17 §4, owner-contracts/).
    template_check: async (ctx) => ({
      document: await templateCheck(ctx.kernel.storage, ctx.repo.contracts, ctx.id),
    }),
  },
  checkUpload: checkOwnerTemplateUpload,
});

export const managersBinding: TResourceEntry = bindResource(
  managers,
  "Manager",
)({
  scope: managerScope,
  include: { _count: { select: { managerVessels: true } } },
  computed: { vessel_count: (row) => ZManagerCount.safeParse(row._count).data?.managerVessels ?? 0 },
});

export const crewingAgentsBinding: TResourceEntry = bindResource(crewingAgents, "CrewingAgent")({});

/**
 * The link records of a vessel's owner and manager (spec 002 §4: set when there is none,
 * changed with PATCH, deleted to clear). A vessel has one of each: a second POST is a 422
 * naming the link to change instead.
 */
export const ownerVesselsBinding: TResourceEntry = bindResource(
  ownerVessels,
  "OwnerVessel",
  fleetLinksRepository,
)({
  scope: ownerVesselScope,
  async toData(_input, defaults, ctx) {
    const vesselId = defaults.vesselId ?? null;
    if (ctx.mode === "create" && vesselId !== null) {
      const link = await ctx.repo.ownerLinkOf(vesselId);
      if (link)
        throw AppError.invalid([
          {
            field: "vessel",
            location: "relationships",
            message: `already has an owner (owner_vessels/${link.id}): change that link instead`,
          },
        ]);
    }
    return {};
  },
});

export const managerVesselsBinding: TResourceEntry = bindResource(
  managerVessels,
  "ManagerVessel",
  fleetLinksRepository,
)({
  scope: managerVesselScope,
  async toData(_input, defaults, ctx) {
    const vesselId = defaults.vesselId ?? null;
    if (ctx.mode === "create" && vesselId !== null) {
      const link = await ctx.repo.managerLinkOf(vesselId);
      if (link)
        throw AppError.invalid([
          {
            field: "vessel",
            location: "relationships",
            message: `already has a manager (manager_vessels/${link.id}): change that link instead`,
          },
        ]);
    }
    return {};
  },
});
