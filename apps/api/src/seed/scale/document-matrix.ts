import { seedDocumentMatrices } from "../demo/document-matrix.js";
import type { TScalePart } from "./part.js";

/**
 * Document matrices at scale (issue 17 §2): every owner of the fleet part without a matrix gets
 * a current one over the ranks of its vessels' scales, as the demo's (STCW baseline, proficiency
 * and competency by rank), so the compliance check and the planner's warnings read matrices of
 * realistic size (about 17 ranks by 16 documents).
 */
export const documentMatricesScalePart: TScalePart = {
  name: "document matrices",
  flags: {
    "document-matrices": {
      default: 1,
      help: "1: every owner without a document matrix gets one; 0: none",
    },
  },
  async run({ db, flags, log }) {
    if ((flags["document-matrices"] ?? 1) === 0) return log("no document matrices asked for");
    await seedDocumentMatrices(db, log);
  },
};
