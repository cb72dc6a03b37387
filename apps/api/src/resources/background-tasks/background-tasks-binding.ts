import { backgroundTasks } from "@crew/contracts";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";

/** A client's own background tasks: progress of tag batches, exports and their files. */
export const backgroundTasksBinding: TResourceEntry = bindResource(
  backgroundTasks,
  "BackgroundTask",
)({
  scope: (actor) => ({ authorId: actor.id }),
});
