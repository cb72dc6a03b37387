/** Ids are PostgreSQL `integer`s: anything else names no record. */
export const MAX_ID = 2_147_483_647;
export const idOf = (id: string): number | undefined => {
  if (!/^[1-9]\d{0,9}$/.test(id)) return undefined;
  const n = Number(id);
  return n <= MAX_ID ? n : undefined;
};
