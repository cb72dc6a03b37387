import type { TAttachableType } from "@crew/contracts";
import type { TTx } from "../../db/client.js";
import { existingIds } from "./lookup-repository.js";

/** Attachment ids per record id of the records of `type` among `ids` (oldest first). */
export const attachmentsAddressedTo =
  (type: TAttachableType) =>
  async (db: TTx, ids: readonly number[]): Promise<Map<number, number[]>> => {
    const out = new Map<number, number[]>();
    if (!ids.length) return out;
    const rows = await db.attachment.findMany({
      where: { addressableType: type, addressableId: { in: [...ids] } },
      select: { id: true, addressableId: true },
      orderBy: [{ id: "asc" }],
    });
    for (const row of rows) {
      if (row.addressableId === null) continue;
      out.set(row.addressableId, [...(out.get(row.addressableId) ?? []), row.id]);
    }
    return out;
  };

/** Attachment ids per document id of those documents' endorsements (spec 001 include endorsement_attachments). */
export const endorsementAttachments = async (
  db: TTx,
  ids: readonly number[],
): Promise<Map<number, number[]>> => {
  if (!ids.length) return new Map();
  const docs = await db.applicantDocument.findMany({
    where: { id: { in: [...ids] }, endorsementId: { not: null } },
    select: { id: true, endorsementId: true },
  });
  const byEndorsement = await attachmentsAddressedTo("applicant_documents")(
    db,
    docs.flatMap((d) => (d.endorsementId === null ? [] : [d.endorsementId])),
  );
  return new Map(
    docs.flatMap((d) => {
      const found = d.endorsementId === null ? undefined : byEndorsement.get(d.endorsementId);
      return found ? [[d.id, found] as const] : [];
    }),
  );
};

/** The model of each type an attachment may be addressed to, with its applicant column. */
const ADDRESSED = {
  users: null,
  expiriences: "expirience",
  experience_verifications: "experienceVerification",
  user_performances: "userPerformance",
  applicant_documents: "applicantDocument",
  interviews: "interview",
  relatives: "relative",
  recommendations: "recommendation",
  english_test_results: "englishTestResult",
} as const satisfies Record<TAttachableType, string | null>;

/** Attachments: the applicant of an addressed record, and its own rows. */
export const attachmentsRepository = (db: TTx) => ({
  /** The client this repository works on (a write's transaction): the kernel stores an upload's file row there. */
  client: db,
  exists: (ids: readonly number[]) => existingIds(db, "User", ids),

  /** The applicant a record of `type` belongs to (an applicant belongs to itself), or null when there is none. */
  async applicantOf(type: TAttachableType, id: number): Promise<number | null> {
    const model = ADDRESSED[type];
    if (model === null) return (await db.user.count({ where: { id } })) > 0 ? id : null;
    const where = { where: { id }, select: { userId: true } } as const;
    const row = await (() => {
      switch (model) {
        case "expirience":
          return db.expirience.findUnique(where);
        case "experienceVerification":
          return db.experienceVerification.findUnique(where);
        case "userPerformance":
          return db.userPerformance.findUnique(where);
        case "applicantDocument":
          return db.applicantDocument.findUnique(where);
        case "interview":
          return db.interview.findUnique(where);
        case "relative":
          return db.relative.findUnique(where);
        case "recommendation":
          return db.recommendation.findUnique(where);
        case "englishTestResult":
          return db.englishTestResult.findUnique(where);
      }
    })();
    return row?.userId ?? null;
  },

  create(data: {
    userId: number;
    title: string;
    addressableType: string | null;
    addressableId: number | null;
    authorId: number;
  }) {
    return db.attachment.create({ data });
  },
});

export type TAttachmentsRepository = ReturnType<typeof attachmentsRepository>;
