/** The generic wording of spec 8.2: '{Item} created successfully' and its siblings. */
export const NOTICE_TEXT = {
  created: (item: string) => `${item} created successfully`,
  updated: (item: string) => `${item} updated successfully`,
  deleted: (item: string) => `${item} deleted successfully`,
} as const;
