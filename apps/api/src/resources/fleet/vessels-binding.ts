import { isValidImo, splitImos, vessels } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import { vesselRegistryImportJob } from "./vessel-registry-import-job.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { vesselScope } from "./fleet-scopes.js";
import { isPartner, newVesselOwnerOf } from "./partner-scope.js";
import { vesselDataOf } from "./registry-particulars.js";
import { registryAccount, withRegistry } from "./vessel-registry-service.js";
import { vesselsRepository } from "./vessels-repository.js";
import type { TRegistryShip } from "../../equasis/registry-ship.js";

const ZOwnerLink = z.object({ owner: z.object({ title: z.string() }) });
const ZManagerLink = z.object({ manager: z.object({ title: z.string() }) });

const contains = (text: string) => ({ contains: text, mode: "insensitive" as const });

/** The registry's answer for one IMO, as the search dialog shows it. */
const registryResource = (ship: TRegistryShip, vesselId: number | null) => ({
  type: "equasis_vessels",
  id: ship.imo,
  attributes: {
    imo: ship.imo,
    name: ship.name,
    call_sign: ship.callSign,
    mmsi: ship.mmsi,
    flag: ship.flag,
    vessel_type: ship.type,
    year_built: ship.yearBuilt,
    deadweight: ship.deadweight,
    gross_tonnage: ship.grossTonnage,
    status: ship.status,
    registered_owner: ship.registeredOwner,
    ship_manager: ship.shipManager,
    /** The fleet's vessel of this IMO, when there is one the caller may read. */
    vessel_id: vesselId === null ? null : String(vesselId),
  },
});

/**
 * Vessels: owner and manager through their link records, recruiters through assignments, the
 * scale as children; the list filters of spec 002 §3 (meanings in docs/decisions.md), the
 * photo upload, and the registry (Equasis) search, create, refresh and bulk import.
 */
export const vesselsBinding: TResourceEntry = bindResource(
  vessels,
  "Vessel",
  vesselsRepository,
)({
  relations: {
    owner: {
      kind: "through",
      model: "OwnerVessel",
      from: "vesselId",
      to: "ownerId",
      field: "ownerVessel",
      single: true,
    },
    manager: {
      kind: "through",
      model: "ManagerVessel",
      from: "vesselId",
      to: "managerId",
      field: "managerVessel",
      single: true,
    },
  },
  scope: vesselScope,
  include: {
    ownerVessel: { include: { owner: { select: { title: true } } } },
    managerVessel: { include: { manager: { select: { title: true } } } },
  },
  computed: {
    owner_name: (row) => ZOwnerLink.safeParse(row.ownerVessel).data?.owner.title ?? null,
    manager_name: (row) => ZManagerLink.safeParse(row.managerVessel).data?.manager.title ?? null,
  },
  sorts: { owner_name: (desc) => ({ ownerVessel: { owner: { title: desc ? "desc" : "asc" } } }) },
  filters: {
    is_managed: (managed) => (managed ? { managerVessel: { isNot: null } } : { managerVessel: { is: null } }),
    group: (value) => ({ group: { equals: String(value), mode: "insensitive" } }),
    company: (value) => {
      const text = String(value);
      return {
        OR: [
          {
            ownerVessel: {
              is: { owner: { OR: [{ title: contains(text) }, { shortTitle: contains(text) }] } },
            },
          },
          { managerVessel: { is: { manager: { title: contains(text) } } } },
        ],
      };
    },
    assigned_to: (value, actor) => {
      const clientId = value === "me" ? actor.id : Number(value);
      return {
        OR: [
          { coordinatorId: clientId },
          { recruiters: { some: { clientId } } },
          { ownerVessel: { is: { owner: { assignments: { some: { clientId } } } } } },
        ],
      };
    },
    owner_id: (value) => ({ ownerVessel: { is: { ownerId: Number(value) } } }),
  },
  async toData(_input, _defaults, ctx) {
    // A partner's new vessel belongs to its owner: one owner, or the office must add it.
    if (ctx.mode === "create") await newVesselOwnerOf(ctx.repo, ctx.actor);
    return {};
  },
  async afterWrite(after, ctx) {
    if (ctx.mode !== "create" || !isPartner(ctx.actor)) return;
    const [ownerId] = await ctx.repo.ownerIdsOf(ctx.actor.id);
    if (ownerId !== undefined) await ctx.repo.linkOwner(after.id, ownerId);
  },
  /** PATCH /vessels/{id}/relationships/coordinator naming the coordinator it has is the spec's 400. */
  async beforeRelationshipChange(change, ctx) {
    if (
      change.name === "coordinator" &&
      change.ids[0] !== undefined &&
      ctx.before.coordinatorId === change.ids[0]
    ) {
      throw AppError.badRequest("User is already assigned as Crew Coordinator for this vessel");
    }
    // update_from_equasis: true needs the caller's registry account: refused before anything changes.
    if (change.flags.update_from_equasis === true)
      await registryAccount(ctx.repo, ctx.kernel.config, ctx.actor.id);
  },
  /** update_from_equasis: true refreshes the vessel's particulars from the registry: a one-IMO import. */
  async afterRelationshipChange(change, ctx) {
    if (change.flags.update_from_equasis !== true) return;
    const vessel = await ctx.repo.vesselImo(ctx.id);
    if (!vessel) return;
    const account = await registryAccount(ctx.repo, ctx.kernel.config, ctx.actor.id);
    const runId = await ctx.transaction((repo) =>
      repo.createRun({
        authorId: ctx.actor.id,
        email: account.email,
        onlyNew: false,
        invalid: [],
        imos: [vessel.imo],
      }),
    );
    await ctx.kernel.jobs.enqueue(vesselRegistryImportJob, { runId });
  },
  actions: {
    async update_photo(ctx) {
      const service = ctx.kernel.serviceOf("vessels");
      return { document: await service.uploadFiles(ctx.actor, ctx.input.id, "photo", ctx.uploads) };
    },

    async equasis_vessel_search(ctx) {
      const account = await registryAccount(ctx.repo, ctx.kernel.config, ctx.actor.id, ctx.input.email);
      const ship = await withRegistry(ctx.kernel.config, account, (session) => session.findShip(ctx.input.q));
      if (!ship) return { document: { data: [], meta: { count: 0 } } };
      const existing = await ctx.repo.vesselByImo(ship.imo);
      const readable = existing
        ? await ctx.kernel.serviceOf("vessels").readableIds(ctx.actor, [existing.id])
        : new Set<number>();
      return {
        document: {
          data: [registryResource(ship, existing && readable.has(existing.id) ? existing.id : null)],
          meta: { count: 1 },
        },
      };
    },

    async create_from_equasis(ctx) {
      const { imo, email } = ctx.input;
      if (await ctx.repo.vesselByImo(imo))
        throw AppError.invalid([{ field: "imo", message: "has already been taken" }]);
      const account = await registryAccount(ctx.repo, ctx.kernel.config, ctx.actor.id, email);
      const ship = await withRegistry(ctx.kernel.config, account, (session) => session.findShip(imo));
      if (!ship) throw AppError.invalid([{ field: "imo", message: "was not found in the vessel registry" }]);
      const owner = await newVesselOwnerOf(ctx.repo, ctx.actor);
      const created = await ctx.transaction(async (repo) => {
        const { data } = await vesselDataOf(repo, ship);
        const vessel = await repo.createVessel(imo, data);
        if (owner !== null) await repo.linkOwner(vessel.id, owner);
        return vessel;
      });
      return { status: 201, document: await ctx.kernel.serviceOf("vessels").show(ctx.actor, created.id, {}) };
    },

    async update_from_equasis(ctx) {
      const id = ctx.id;
      const vessel = await ctx.repo.vesselImo(id);
      if (!vessel) throw AppError.notFound();
      const account = await registryAccount(ctx.repo, ctx.kernel.config, ctx.actor.id, ctx.input.email);
      const ship = await withRegistry(ctx.kernel.config, account, (session) => session.findShip(vessel.imo));
      if (!ship) throw AppError.invalid([{ field: "imo", message: "was not found in the vessel registry" }]);
      const notes = await ctx.transaction(async (repo) => {
        const { data, notes: found } = await vesselDataOf(repo, ship);
        await repo.updateVessel(id, data);
        return found;
      });
      const document = await ctx.kernel.serviceOf("vessels").show(ctx.actor, id, {});
      return { document: notes.length ? { ...document, meta: { notes } } : document };
    },

    async bulk_parse(ctx) {
      const { imos, email, only_new: onlyNew = false } = ctx.input;
      const account = await registryAccount(ctx.repo, ctx.kernel.config, ctx.actor.id, email);
      const valid: string[] = [];
      const invalid: string[] = [];
      for (const entry of splitImos(imos)) {
        const digits = entry.replace(/^IMO\s*/i, "");
        if (!/^\d{7}$/.test(digits)) invalid.push(`${entry}: must be seven digits`);
        else if (!isValidImo(digits)) invalid.push(`${entry}: has a wrong check digit`);
        else if (!valid.includes(digits)) valid.push(digits);
      }
      if (!valid.length)
        throw AppError.invalid([
          { field: "imos", message: `has no valid IMO number (${invalid.slice(0, 5).join("; ")})` },
        ]);
      const runId = await ctx.transaction((repo) =>
        repo.createRun({ authorId: ctx.actor.id, email: account.email, onlyNew, invalid, imos: valid }),
      );
      await ctx.kernel.jobs.enqueue(vesselRegistryImportJob, { runId });
      const document = await ctx.kernel.serviceOf("vessel_parse_runs").show(ctx.actor, runId, {});
      return { status: 202, document: { ...document, meta: { accepted: valid.length, invalid } } };
    },
  },
});
