import { tags } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { tagsRepository } from "./tags-repository.js";

/** Tags of applicants: one name whatever its case ("DP2" and "dp2" are one tag). */
export const tagsBinding: TResourceEntry = bindResource(
  tags,
  "Tag",
  tagsRepository,
)({
  async toData(_input, defaults, ctx) {
    if (defaults.name !== undefined && (await ctx.repo.sameName(defaults.name, ctx.id))) {
      throw AppError.invalid([{ field: "name", message: "has already been taken" }]);
    }
    return {};
  },
});
