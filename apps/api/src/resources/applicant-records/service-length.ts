const DAY = 86_400_000;

/**
 * A contract's length as crewing CVs write it ("5 m 12 d"): whole calendar months from the
 * sign-on, then the days left; to `today` while on board. Both ends count (01.01 to 31.01 is
 * 1 m). Null when the sign-off is before the sign-on.
 */
export const serviceLength = (dateOn: Date, dateOff: Date | null, today: Date): string | null => {
  const last = dateOff ?? today;
  if (last.getTime() < dateOn.getTime()) return null;
  const end = new Date(last.getTime() + DAY);
  const stepped = (m: number) =>
    new Date(Date.UTC(dateOn.getUTCFullYear(), dateOn.getUTCMonth() + m, dateOn.getUTCDate()));
  let months =
    (end.getUTCFullYear() - dateOn.getUTCFullYear()) * 12 + end.getUTCMonth() - dateOn.getUTCMonth();
  if (stepped(months).getTime() > end.getTime()) months -= 1;
  const days = Math.round((end.getTime() - stepped(months).getTime()) / DAY);
  if (months === 0) return `${days} d`;
  return days > 0 ? `${months} m ${days} d` : `${months} m`;
};
