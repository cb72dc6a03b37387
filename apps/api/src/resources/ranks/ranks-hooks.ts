import type { TDb } from "../../db/client.js";
import { camel } from "../../kernel/naming.js";
import type { TResourceHooks } from "../../kernel/resource-service.js";
import { ranksRepository } from "./ranks-repository.js";

/**
 * Ranks keep a contiguous 1-based crewing_priority: a new rank goes last unless a position
 * is given; writing crewing_priority moves the rank there (the drag-and-drop reorder).
 */
export const ranksHooks = (db: TDb): TResourceHooks => {
  const repo = ranksRepository(db);
  return {
    async toData(input, ctx) {
      const data: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(input.attributes)) if (name !== "crewing_priority") data[camel(name)] = value;
      if (ctx.mode === "create") data.crewingPriority = await repo.nextPriority();
      return data;
    },
    async afterWrite(row, input) {
      const position = input.attributes.crewing_priority;
      if (typeof position !== "number") return;
      await repo.moveTo(row.id, position);
      return await repo.findById(row.id);
    },
    async afterDelete() {
      await repo.renumber();
    },
  };
};
