import { ROLES, type TCommentAction } from "@crew/contracts";
import type { TTx } from "../../db/client.js";

const COLUMN = { read: "canRead", create: "canCreate", delete: "canDelete" } as const;

/** Comment types and what each position may do with them (`users_position_comment_types`). */
export const commentTypesRepository = (db: TTx) => ({
  /** A new type: every position may read, create and delete it until an admin says otherwise. */
  async openToEveryone(commentTypeId: number): Promise<void> {
    await db.positionCommentType.createMany({
      data: ROLES.map((position) => ({ position, commentTypeId })),
      skipDuplicates: true,
    });
  },
  types() {
    return db.commentType.findMany({
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { id: true, code: true, title: true, direction: true },
    });
  },
  matrix(position?: string) {
    return db.positionCommentType.findMany({
      where: position ? { position } : {},
      orderBy: [{ position: "asc" }, { commentType: { position: "asc" } }],
      include: { commentType: { select: { code: true, title: true } } },
    });
  },
  async change(position: string, code: string, action: TCommentAction, allowed: boolean | undefined) {
    const type = await db.commentType.findUnique({ where: { code }, select: { id: true } });
    if (!type) return null;
    const key = { position_commentTypeId: { position, commentTypeId: type.id } };
    const current = await db.positionCommentType.findUnique({ where: key });
    const value = allowed ?? !(current?.[COLUMN[action]] ?? false);
    return db.positionCommentType.upsert({
      where: key,
      create: {
        position,
        commentTypeId: type.id,
        canRead: false,
        canCreate: false,
        canDelete: false,
        [COLUMN[action]]: value,
      },
      update: { [COLUMN[action]]: value },
      include: { commentType: { select: { code: true, title: true } } },
    });
  },
});
export type TCommentTypesRepository = ReturnType<typeof commentTypesRepository>;
