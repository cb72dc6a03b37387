import { can, manningScales } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { manningScalesRepository } from "./manning-scales-repository.js";
import { manningScaleScope } from "./fleet-scopes.js";

/**
 * Manning-scale rows: ordered 1..n per vessel and named by rank ("AB 1", "AB 2") in the same
 * transaction as any change; archived rows only for vessels.archivedManningScales.
 */
export const manningScalesBinding: TResourceEntry = bindResource(
  manningScales,
  "ManningScale",
  manningScalesRepository,
)({
  relations: { role: { kind: "fk", field: "rankId" } },
  // Archived rows only for vessels.archivedManningScales (superuser); a partner only its own fleet's.
  scope: (actor) => ({
    AND: [
      manningScaleScope(actor),
      can(actor.permissions, "vessels.archivedManningScales", "read") ? {} : { state: "active" },
    ],
  }),
  async toData(input, defaults, ctx) {
    const vesselId = ctx.next.vesselId ?? null;
    const ownerId = ctx.next.ownerId ?? null;
    if (ctx.mode === "create" && vesselId === null && ownerId === null) {
      throw AppError.invalid([
        { field: "vessel", message: "give a vessel (or an owner for a template)", location: "relationships" },
      ]);
    }
    if (vesselId === null) return {};
    await ctx.repo.lockVessel(vesselId);
    // The position is applied after the write (renumber moves the others too).
    return {
      crewingPriority:
        ctx.mode === "create" ? await ctx.repo.nextPriority(vesselId) : (ctx.before?.crewingPriority ?? 1),
    };
  },
  async afterWrite(after, ctx) {
    if (after.vesselId === null) return;
    const position = ctx.input.attributes.crewing_priority;
    await ctx.repo.renumber(
      after.vesselId,
      typeof position === "number" ? { id: after.id, position } : undefined,
    );
    if (ctx.before?.vesselId != null && ctx.before.vesselId !== after.vesselId)
      await ctx.repo.renumber(ctx.before.vesselId);
  },
  async afterDelete(row, ctx) {
    if (row.vesselId === null) return;
    await ctx.repo.lockVessel(row.vesselId);
    await ctx.repo.renumber(row.vesselId);
  },
  actions: {
    /**
     * Copies the active rows of one vessel's scale onto another; both vessels must be readable.
     * "add" puts them after the vessel's rows; "replace" archives its active rows first, so their
     * plans stay (deleting rows would delete plans).
     */
    async duplicate_manning_scales(ctx) {
      const { from_vessel_id: from, to_vessel_id: to, mode } = ctx.input;
      if (from === to)
        throw AppError.invalid([
          { field: "to_vessel_id", message: "must differ from the vessel copied from" },
        ]);
      const vessels = ctx.kernel.serviceOf("vessels");
      await vessels.find(ctx.actor, from);
      await vessels.find(ctx.actor, to);
      const copied = await ctx.transaction(async (repo) => {
        await repo.lockVessel(to);
        const rows = await repo.activeRows(from);
        if (!rows.length)
          throw AppError.invalid([{ field: "from_vessel_id", message: "has no manning scale to copy" }]);
        if (mode === "replace") await repo.archiveActive(to);
        const count = await repo.copyRows(rows, to, await repo.nextPriority(to));
        await repo.renumber(to);
        return count;
      });
      return { status: 201, document: { meta: { copied } } };
    },
  },
});
