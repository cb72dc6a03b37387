import { z } from "zod";

/**
 * IMO ship identification number: seven digits, the last a check digit — the first six
 * multiplied by 7, 6, 5, 4, 3, 2, summed; the sum's last digit (9074729: 139 → 9).
 */
export const imoCheckDigit = (first6: string): number =>
  [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;

export const isValidImo = (imo: string): boolean =>
  /^\d{7}$/.test(imo) && imoCheckDigit(imo.slice(0, 6)) === Number(imo[6]);

/** Accepts "IMO 9074729" or "9074729"; answers the seven digits. */
export const ZImo = z
  .string()
  .trim()
  .transform((s) => s.replace(/^IMO\s*/i, ""))
  .pipe(
    z
      .string()
      .regex(/^\d{7}$/, "must be seven digits")
      .refine(isValidImo, "has a wrong check digit"),
  );
