/**
 * Which tags a staff client sees on applicants (spec 001 "Tags and favourites"): with shown
 * tags set, only those; hidden tags never. Names compare whatever their case.
 */
export const visibleTagsFor = (lists: { shown: readonly string[]; hidden: readonly string[] }) => {
  const shown = new Set(lists.shown.map((t) => t.toLowerCase()));
  const hidden = new Set(lists.hidden.map((t) => t.toLowerCase()));
  return (tags: readonly string[]): string[] =>
    tags.filter((t) => !hidden.has(t.toLowerCase()) && (shown.size === 0 || shown.has(t.toLowerCase())));
};
