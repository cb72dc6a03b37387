import { describe, expect, it } from "vitest";
import { groupDocuments, moveGroup, sequenceOf, type TOrderItem } from "./document-order";

const doc = (id: string, endorsementId: string | null = null): TOrderItem => ({
  id,
  endorsement: false,
  endorsementId,
});
const endorsement = (id: string): TOrderItem => ({ id, endorsement: true, endorsementId: null });

describe("the order of an applicant's documents", () => {
  it("keeps each endorsement under its certificate, and a lone endorsement on its own", () => {
    const groups = groupDocuments([doc("1"), endorsement("4"), doc("2", "4"), endorsement("9")]);
    expect(groups.map((g) => [g.head.id, g.endorsement?.id])).toEqual([
      ["1", undefined],
      ["2", "4"],
      ["9", undefined],
    ]);
  });

  it("moves a certificate with its endorsement and gives the ids restore_sequence takes", () => {
    const groups = groupDocuments([doc("1"), doc("2", "4"), endorsement("4"), doc("3")]);
    const moved = moveGroup(groups, 1, 0);
    expect(moved && sequenceOf(moved)).toEqual(["2", "4", "1", "3"]);
    expect(moveGroup(groups, 2, 2)).toBeNull();
    expect(moveGroup(groups, 0, 7)).toBeNull();
  });
});
