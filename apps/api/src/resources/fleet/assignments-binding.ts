import { assignOwners, assignVessels } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { assignOwnerScope, assignVesselScope } from "./fleet-scopes.js";
import { fleetLinksRepository } from "./fleet-links-repository.js";

/**
 * A crew user's assignments (spec 002 §3): as a recruiter of a vessel, or of an owner's
 * fleet. Assigning twice is a 422 with the spec's words on the relationship it repeats.
 */
export const assignVesselsBinding: TResourceEntry = bindResource(
  assignVessels,
  "AssignVessel",
  fleetLinksRepository,
)({
  scope: assignVesselScope,
  computed: { select_vessel_id: (row) => row.vesselId },
  async toData(_input, defaults, ctx) {
    const { vesselId, clientId } = defaults;
    if (
      ctx.mode === "create" &&
      vesselId != null &&
      clientId != null &&
      (await ctx.repo.vesselAssignment(vesselId, clientId))
    ) {
      throw AppError.invalid([
        { field: "vessel", location: "relationships", message: "The vessel has already assigned" },
      ]);
    }
    return {};
  },
});

export const assignOwnersBinding: TResourceEntry = bindResource(
  assignOwners,
  "AssignOwner",
  fleetLinksRepository,
)({
  scope: assignOwnerScope,
  async toData(_input, defaults, ctx) {
    const { ownerId, clientId } = defaults;
    if (
      ctx.mode === "create" &&
      ownerId != null &&
      clientId != null &&
      (await ctx.repo.ownerAssignment(ownerId, clientId))
    ) {
      throw AppError.invalid([
        { field: "owner", location: "relationships", message: "The owner has already assigned" },
      ]);
    }
    return {};
  },
});
