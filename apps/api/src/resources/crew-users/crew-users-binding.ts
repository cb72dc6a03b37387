import { ZTagsChange, crewUsers, type TRole } from "@crew/contracts";
import type { z } from "zod";
import type { TMemberActionHandler } from "../../kernel/actions.js";
import { hashPassword, verifyPassword } from "../../auth/passwords.js";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { crewUsersRepository, type TCrewUserChange } from "./crew-users-repository.js";
import { sealEquasisPassword } from "../../equasis/equasis-secret.js";
import { crewUserScope } from "../fleet/fleet-scopes.js";

/** Only a superuser may make or change a superuser: an admin cannot raise anyone above itself. */
const checkRole = (actor: TActor, role: unknown): void => {
  if (role === "superuser" && actor.role !== "superuser")
    throw AppError.forbidden("Only a superuser may give the superuser role.");
};
const checkTarget = (actor: TActor, target: { role: string } | null): void => {
  if (target?.role === ("superuser" satisfies TRole) && actor.role !== "superuser")
    throw AppError.forbidden("Only a superuser may change a superuser.");
};

const TAG_FIELDS = {
  update_hidden_tags: "hiddenTags",
  update_shown_tags: "shownTags",
  update_new_seafarer_tags: "newSeafarerTags",
} as const;

type TCrewUsersRepository = ReturnType<typeof crewUsersRepository>;

const tagAction =
  (
    action: keyof typeof TAG_FIELDS,
  ): TMemberActionHandler<TCrewUsersRepository, z.output<typeof ZTagsChange>> =>
  async (ctx) => {
    const id = ctx.id;
    const row = await ctx.transaction((repo) =>
      repo.update(id, { [TAG_FIELDS[action]]: [...new Set(ctx.input.tags)] }),
    );
    return { document: { data: ctx.serialize(row) } };
  };

/**
 * Staff accounts: passwords hashed on write, the superuser rule, status and tag lists, one's
 * own profile (with the Equasis password sealed), and the fleet they look after: vessels they
 * coordinate, owners they inspect or recruit for. A partner sees itself and its fleet's people.
 */
export const crewUsersBinding: TResourceEntry = bindResource(
  crewUsers,
  "Client",
  crewUsersRepository,
)({
  virtual: ["password"],
  relations: {
    vessels: {
      kind: "inverse",
      model: "Vessel",
      fk: "coordinatorId",
      field: "coordinatedVessels",
      writable: true,
    },
    owners: {
      kind: "through",
      model: "OwnerInspector",
      from: "clientId",
      to: "ownerId",
      field: "inspectedOwners",
    },
    recruited_fleets: {
      kind: "through",
      model: "AssignOwner",
      from: "clientId",
      to: "ownerId",
      field: "assignedOwners",
    },
  },
  scope: crewUserScope,
  /** The spec's 400s: coordinating a vessel one coordinates, inspecting an owner one inspects. */
  async beforeRelationshipChange(change, ctx) {
    if (change.op !== "add") return;
    if (change.name === "vessels" && (await ctx.repo.coordinatedAmong(ctx.id, change.ids)).length) {
      throw AppError.badRequest("User is already assigned as Crew Coordinator for this vessel");
    }
    if (change.name === "owners" && (await ctx.repo.inspectedAmong(ctx.id, change.ids)).length) {
      throw AppError.badRequest("User is already assigned as Crew Inspector for this owner");
    }
  },
  computed: { equasis_ready: (row) => row.equasisEmail !== null && row.equasisPassword !== null },
  filters: {
    port: (value) => ({ portId: Number(value) }),
    vessel: (value) => {
      const vesselId = Number(value);
      return {
        OR: [{ coordinatedVessels: { some: { id: vesselId } } }, { assignedVessels: { some: { vesselId } } }],
      };
    },
  },
  async toData(input, _defaults, ctx) {
    checkRole(ctx.actor, input.attributes.role);
    if (ctx.before && input.attributes.role !== undefined) checkTarget(ctx.actor, ctx.before);
    const password = input.attributes.password;
    return typeof password === "string" ? { passwordHash: await hashPassword(password) } : {};
  },
  async beforeDelete(row, ctx) {
    if (row.id === ctx.actor.id) throw AppError.conflict("You cannot delete your own account.");
    checkTarget(ctx.actor, row);
  },
  actions: {
    async me(ctx) {
      const row = await ctx.repo.findById(ctx.actor.id);
      if (!row) throw AppError.notFound();
      return { document: { data: ctx.serialize(row) } };
    },
    /** Anyone signed in may edit their own name, avatar, Equasis email and password (with the current one). */
    async update_me(ctx) {
      const change = ctx.input;
      const row = await ctx.transaction(async (repo) => {
        const me = await repo.findById(ctx.actor.id);
        if (!me) throw AppError.notFound();
        const data: TCrewUserChange = {};
        if (change.name !== undefined) data.name = change.name;
        if (change.avatar !== undefined) data.avatar = change.avatar;
        if (change.equasis_email !== undefined) data.equasisEmail = change.equasis_email;
        if (change.equasis_password !== undefined) {
          data.equasisPassword =
            change.equasis_password === null
              ? null
              : sealEquasisPassword(ctx.kernel.config, change.equasis_password);
        }
        if (change.password !== undefined) {
          if (me.passwordHash && !(await verifyPassword(me.passwordHash, change.current_password ?? ""))) {
            throw AppError.invalid([{ field: "current_password", message: "is not correct" }]);
          }
          data.passwordHash = await hashPassword(change.password);
        }
        return repo.update(ctx.actor.id, data);
      });
      return { document: { data: ctx.serialize(row) } };
    },
    /** Status change; a deactivated account's sessions end at once. */
    async status(ctx) {
      const id = ctx.id;
      const row = await ctx.transaction(async (repo) => {
        checkTarget(ctx.actor, await repo.roleOf(id));
        const updated = await repo.update(id, { status: ctx.input.status });
        if (ctx.input.status === "deactivated") await repo.endSessions(id);
        return updated;
      });
      return { document: { data: ctx.serialize(row) } };
    },
    update_hidden_tags: tagAction("update_hidden_tags"),
    update_shown_tags: tagAction("update_shown_tags"),
    update_new_seafarer_tags: tagAction("update_new_seafarer_tags"),
  },
});
