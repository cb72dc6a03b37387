import {
  commentEventResults,
  commentSources,
  commentTypes,
  positionCommentTypes,
  ROLES,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { commentTypesRepository, type TCommentTypesRepository } from "./comment-types-repository.js";

const ZCode = z.object({ code: z.string() });
type TMatrixRow = Awaited<ReturnType<TCommentTypesRepository["matrix"]>>[number];
const cell = (r: TMatrixRow) => ({
  position: r.position,
  type: r.commentType.code,
  title: r.commentType.title,
  read: r.canRead,
  create: r.canCreate,
  delete: r.canDelete,
});

/** Comment types (admin-edited): a new one is open to every position until an admin narrows it. */
export const commentTypesBinding: TResourceEntry = bindResource(
  commentTypes,
  "CommentType",
  commentTypesRepository,
)({
  async afterWrite(after, ctx) {
    if (ctx.mode === "create") await ctx.repo.openToEveryone(after.id);
  },
});

export const commentEventResultsBinding: TResourceEntry = bindResource(
  commentEventResults,
  "CommentEventResult",
)({});

export const commentSourcesBinding: TResourceEntry = bindResource(commentSources, "CommentSource")({});

/** `users_position_comment_types` (spec 001 §7): the matrix of positions (roles) by comment types. */
export const positionCommentTypesBinding: TResourceEntry = bindResource(
  positionCommentTypes,
  "PositionCommentType",
  commentTypesRepository,
)({
  include: { commentType: { select: { code: true } } },
  computed: {
    comment_type: (row) => ZCode.parse(row.commentType).code,
    read: (row) => row.canRead,
    create: (row) => row.canCreate,
    delete: (row) => row.canDelete,
  },
  actions: {
    async allowed_types(ctx) {
      const rows = await ctx.repo.matrix(ctx.actor.role);
      const codes = (pick: (r: TMatrixRow) => boolean) => rows.filter(pick).map((r) => r.commentType.code);
      return {
        document: {
          read: codes((r) => r.canRead),
          create: codes((r) => r.canCreate),
          delete: codes((r) => r.canDelete),
        },
      };
    },
    async types(ctx) {
      return { document: { data: await ctx.repo.types() } };
    },
    async positions() {
      return { document: { data: ROLES.map((role) => ({ id: role, name: role })) } };
    },
    async permissions(ctx) {
      return { document: { data: (await ctx.repo.matrix()).map(cell) } };
    },
    async change_permission(ctx) {
      const { positionId, type, commentAction, allowed } = ctx.input;
      const row = await ctx.transaction((repo) => repo.change(positionId, type, commentAction, allowed));
      if (!row) throw AppError.invalid([{ field: "type", message: "is not a comment type" }]);
      return { document: { data: cell(row) } };
    },
  },
});
