import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import type { TWhereOf } from "../../kernel/model-types.js";

/**
 * A partner or partner_view account is a ship-owner's person (spec 002 §6, DOMAIN.md): it is
 * linked to its owners through assign_owners (GET clients/{id}/vessel_owners) and sees only
 * those owners' fleet. Every fleet and planning scope builds on this one rule, so the server,
 * not the screens, keeps a partner to its own owners' vessels.
 */
export const isPartner = (actor: TActor): boolean =>
  actor.role === "partner" || actor.role === "partner_view";

/** Vessels a partner may see: owned by one of its owners. `undefined` for staff (no limit). */
export const partnerVesselWhere = (actor: TActor): TWhereOf<"Vessel"> | undefined =>
  isPartner(actor)
    ? { ownerVessel: { is: { owner: { assignments: { some: { clientId: actor.id } } } } } }
    : undefined;

/** Owners a partner may see: its own. */
export const partnerOwnerWhere = (actor: TActor): TWhereOf<"Owner"> | undefined =>
  isPartner(actor) ? { assignments: { some: { clientId: actor.id } } } : undefined;

/**
 * The owner a new vessel of `actor` belongs to: null for staff (the office links owners
 * itself); for a partner its one owner, and a partner with several owners or none is told to
 * ask the office (a 422 on the owner relationship).
 */
export const newVesselOwnerOf = async (
  repo: { ownerIdsOf(clientId: number): Promise<number[]> },
  actor: TActor,
): Promise<number | null> => {
  if (!isPartner(actor)) return null;
  const owners = await repo.ownerIdsOf(actor.id);
  if (owners.length !== 1 || owners[0] === undefined) {
    throw AppError.invalid([
      {
        field: "owner",
        location: "relationships",
        message:
          "cannot be told for a partner linked to several owners or none: ask the crewing office to add the vessel",
      },
    ]);
  }
  return owners[0];
};
