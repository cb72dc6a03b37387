import type { TTx } from "../../db/client.js";

export const tagsRepository = (db: TTx) => ({
  /** Another tag of the same name whatever its case. */
  sameName: (name: string, exceptId: number | undefined) =>
    db.tag.findFirst({
      where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true },
    }),
});
