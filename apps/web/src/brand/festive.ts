/** The festive logo shows from 24 December for 20 days (spec 2.5): 24 Dec to 12 Jan inclusive, local time. */
export const FESTIVE_START = { month: 11, day: 24 } as const;
export const FESTIVE_DAYS = 20;

export const isFestive = (now: Date): boolean => {
  // A January date belongs to the season that started the previous December.
  const year = now.getMonth() === FESTIVE_START.month ? now.getFullYear() : now.getFullYear() - 1;
  const start = new Date(year, FESTIVE_START.month, FESTIVE_START.day);
  const end = new Date(year, FESTIVE_START.month, FESTIVE_START.day + FESTIVE_DAYS);
  return now >= start && now < end;
};
