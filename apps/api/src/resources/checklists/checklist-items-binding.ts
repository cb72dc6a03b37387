import { CHECKLIST_NOTICES, checklistItems } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { partnerOwnerWhere } from "../fleet/partner-scope.js";
import { textAt } from "../planning/row-read.js";
import { checklistRepository } from "./checklist-repository.js";
import { checklistDocument, readChecklist } from "./crew-change-checklist.js";

/** A partner reads only its own owners' checklists; staff read every owner's. */
const ownedBy = (actor: TActor): { owner: { is: TWhereOf<"Owner"> } } | object => {
  const owner = partnerOwnerWhere(actor);
  return owner ? { owner: { is: owner } } : {};
};

/**
 * An owner's crew change checklist (docs/tasks.md "Crew change checklist"), and the two calls that
 * read and make a crew change's checklist from it: the GET shows what a POST would make, and the
 * POST makes exactly that or, when the crew list or the checklist moved since (the count the
 * user saw differs), refuses with 409 so the user looks again.
 */
export const checklistItemsBinding: TResourceEntry = bindResource(
  checklistItems,
  "ChecklistItem",
  checklistRepository,
)({
  scope: ownedBy,
  include: { taskType: { select: { title: true } } },
  computed: { task_type_title: (row) => textAt(row, "taskType", "title") },
  async toData(input, _defaults, ctx) {
    // A new line goes to the end of the owner's list unless it names its place.
    if (
      ctx.mode === "create" &&
      input.attributes.position === undefined &&
      typeof ctx.next.ownerId === "number"
    )
      return { position: await ctx.repo.nextPosition(ctx.next.ownerId) };
    return {};
  },
  actions: {
    async crew_change_checklist(ctx) {
      const state = await readChecklist(ctx.repo, ctx.id);
      if (!state) throw AppError.notFound();
      return { document: checklistDocument(ctx.id, state.attributes) };
    },
    async create_crew_change_checklist(ctx) {
      const created = await ctx.transaction(async (repo) => {
        await repo.lock(ctx.id);
        const state = await readChecklist(repo, ctx.id);
        if (!state) throw AppError.notFound();
        if (state.missing.length !== ctx.input.expected) throw AppError.conflict(CHECKLIST_NOTICES.changed);
        if (!state.missing.length) return { parentId: state.attributes.task_id, ids: [] as number[] };
        const parentId =
          state.attributes.task_id ??
          (
            await repo.createParent({
              description: state.parentDescription,
              crewChangeId: ctx.id,
              actorId: ctx.actor.id,
              deadline: state.parentDeadline,
            })
          ).id;
        return { parentId, ids: await repo.createLines(parentId, ctx.actor.id, state.missing) };
      });
      if (created.ids.length) {
        ctx.kernel.publish(
          "tasks",
          [...created.ids, ...(created.parentId ? [created.parentId] : [])],
          "create",
          ctx.actor,
        );
        ctx.kernel.publish("crew_changes", [ctx.id], "update", ctx.actor);
      }
      const after = await readChecklist(ctx.repo, ctx.id);
      if (!after) throw AppError.notFound();
      return {
        status: created.ids.length ? 201 : 200,
        document: checklistDocument(ctx.id, after.attributes, {
          message: CHECKLIST_NOTICES.created(created.ids.length),
          created: created.ids.length,
        }),
      };
    },
  },
});
