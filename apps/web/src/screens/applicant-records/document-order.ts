/** The parts of a document the order needs: its id, whether it is an endorsement, and its endorsement. */
export interface TOrderItem {
  id: string;
  /** n_tpd 3: shown under its certificate, moved with it. */
  endorsement: boolean;
  endorsementId: string | null;
}

export interface TDocumentGroup<T extends TOrderItem> {
  head: T;
  endorsement?: T;
}

/**
 * The documents as the list shows them: each document with its endorsement right under it (an
 * endorsement whose certificate is not on the page stands alone), in the page's order.
 */
export const groupDocuments = <T extends TOrderItem>(items: readonly T[]): TDocumentGroup<T>[] => {
  const byId = new Map(items.map((i) => [i.id, i]));
  const owned = new Set(
    items.flatMap((i) =>
      i.endorsementId && byId.get(i.endorsementId)?.endorsement ? [i.endorsementId] : [],
    ),
  );
  return items
    .filter((i) => !owned.has(i.id))
    .map((head) => {
      const endorsement = head.endorsementId ? byId.get(head.endorsementId) : undefined;
      return endorsement && owned.has(endorsement.id) ? { head, endorsement } : { head };
    });
};

/** The group moved from `from` to `to`; null when nothing moves. */
export const moveGroup = <T extends TOrderItem>(
  groups: readonly TDocumentGroup<T>[],
  from: number,
  to: number,
): TDocumentGroup<T>[] | null => {
  if (from === to || from < 0 || to < 0 || from >= groups.length || to >= groups.length) return null;
  const next = [...groups];
  const [moved] = next.splice(from, 1);
  if (!moved) return null;
  next.splice(to, 0, moved);
  return next;
};

/** The ids in the order restore_sequence takes: each document, then its endorsement. */
export const sequenceOf = <T extends TOrderItem>(groups: readonly TDocumentGroup<T>[]): string[] =>
  groups.flatMap((g) => (g.endorsement ? [g.head.id, g.endorsement.id] : [g.head.id]));
