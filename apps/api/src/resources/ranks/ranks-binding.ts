import { ranks } from "@crew/contracts";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { ranksRepository } from "./ranks-repository.js";

/**
 * Ranks keep a contiguous 1-based crewing_priority: a new rank goes last; writing
 * crewing_priority moves the rank there (the drag-and-drop reorder). Every change of the
 * order holds the order lock for the rest of its transaction.
 */
export const ranksBinding: TResourceEntry = bindResource(
  ranks,
  "Rank",
  ranksRepository,
)({
  async toData(_input, _defaults, ctx) {
    await ctx.repo.lockOrder();
    // The position is applied after the write (moveTo renumbers the others too).
    return { crewingPriority: ctx.mode === "create" ? await ctx.repo.nextPriority() : undefined };
  },
  async afterWrite(after, ctx) {
    const position = ctx.input.attributes.crewing_priority;
    if (typeof position === "number") await ctx.repo.moveTo(after.id, position);
  },
  async afterDelete(_row, ctx) {
    await ctx.repo.lockOrder();
    await ctx.repo.renumber();
  },
});
