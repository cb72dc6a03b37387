/** Values of an applicant computed from its own row (no query): names, age, flag, the vessel on now. */

export const fullName = (row: { surname: string; name: string; middle: string | null }): string =>
  [row.surname, row.name, row.middle].filter((p) => p).join(" ");

/** Whole years from the birthday to `today` (UTC); null without a birthday. */
export const ageOn = (birthday: Date | null, today: Date): number | null => {
  if (!birthday) return null;
  let age = today.getUTCFullYear() - birthday.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birthday.getUTCMonth() ||
    (today.getUTCMonth() === birthday.getUTCMonth() && today.getUTCDate() < birthday.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
};

/** The flag emoji of a two-letter country code (regional indicator symbols); null without one. */
export const countryFlag = (code: string | null): string | null => {
  if (code === null || !/^[A-Za-z]{2}$/.test(code)) return null;
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
};

/** The vessel of the latest sea service while it has not ended (no sign-off yet, or one still ahead). */
export const vesselNow = (
  row: { vesselLastName: string | null; lastContractSoff: Date | null },
  today: Date,
): string | null => {
  if (!row.vesselLastName) return null;
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return row.lastContractSoff === null || row.lastContractSoff.getTime() >= day ? row.vesselLastName : null;
};
