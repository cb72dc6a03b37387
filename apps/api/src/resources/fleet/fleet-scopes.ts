import type { TActor } from "../../http/context.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { isPartner, partnerOwnerWhere, partnerVesselWhere } from "./partner-scope.js";

/**
 * The partner rule (partner-scope.ts) applied to every fleet type: a partner reads and
 * touches only its own owners' vessels and what hangs off them. Staff get no limit (`{}`).
 */
export const vesselScope = (actor: TActor): TWhereOf<"Vessel"> => partnerVesselWhere(actor) ?? {};
export const ownerScope = (actor: TActor): TWhereOf<"Owner"> => partnerOwnerWhere(actor) ?? {};

/** Managers of the partner's vessels, and those managing no vessel yet (nobody's fleet: one to pick for its own vessel). */
export const managerScope = (actor: TActor): TWhereOf<"Manager"> => {
  const vessel = partnerVesselWhere(actor);
  return vessel ? { OR: [{ managerVessels: { some: { vessel } } }, { managerVessels: { none: {} } }] } : {};
};

export const ownerVesselScope = (actor: TActor): TWhereOf<"OwnerVessel"> => {
  const owner = partnerOwnerWhere(actor);
  return owner ? { owner } : {};
};

export const managerVesselScope = (actor: TActor): TWhereOf<"ManagerVessel"> => {
  const vessel = partnerVesselWhere(actor);
  return vessel ? { vessel } : {};
};

/** Rows of the partner's vessels' scales, and its owners' templates. */
export const manningScaleScope = (actor: TActor): TWhereOf<"ManningScale"> => {
  const vessel = partnerVesselWhere(actor);
  const owner = partnerOwnerWhere(actor);
  return vessel && owner ? { OR: [{ vessel: { is: vessel } }, { owner: { is: owner } }] } : {};
};

export const assignVesselScope = (actor: TActor): TWhereOf<"AssignVessel"> => {
  const vessel = partnerVesselWhere(actor);
  return vessel ? { vessel } : {};
};

export const assignOwnerScope = (actor: TActor): TWhereOf<"AssignOwner"> => {
  const owner = partnerOwnerWhere(actor);
  return owner ? { owner } : {};
};

/**
 * Staff accounts a partner may see: itself and the people assigned to its fleet (coordinators
 * and recruiters of its vessels, recruiters and inspectors of its owners).
 */
export const crewUserScope = (actor: TActor): TWhereOf<"Client"> => {
  const vessel = partnerVesselWhere(actor);
  const owner = partnerOwnerWhere(actor);
  if (!vessel || !owner) return {};
  return {
    OR: [
      { id: actor.id },
      { coordinatedVessels: { some: vessel } },
      { assignedVessels: { some: { vessel } } },
      { assignedOwners: { some: { owner } } },
      { inspectedOwners: { some: { owner } } },
    ],
  };
};

/** A partner's own registry imports only (should a custom permission give it bulkParse). */
export const parseRunScope = (actor: TActor): TWhereOf<"VesselParseRun"> =>
  isPartner(actor) ? { authorId: actor.id } : {};
export const parseItemScope = (actor: TActor): TWhereOf<"VesselParseItem"> =>
  isPartner(actor) ? { run: { authorId: actor.id } } : {};
