import { applicants } from "@crew/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { runActionFor } from "../../api";

const ZTitled = z.object({ id: z.number(), title: z.string() });
const ZChoices = z.object({
  ranks: z.array(ZTitled.extend({ department: z.string() })),
  countries: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
  crewing_statuses: z.array(ZTitled),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  vessel_types: z.array(ZTitled),
  engine_types: z.array(ZTitled),
  engine_manufacturers: z.array(ZTitled),
});
export type TApplicantChoices = z.output<typeof ZChoices>;

export const APPLICANT_CHOICES_KEY = ["users", "choices"] as const;

/** What the applicant form and filters offer (GET users/choices), whatever lists the role may open. */
export const useApplicantChoices = () =>
  useQuery({
    queryKey: APPLICANT_CHOICES_KEY,
    queryFn: ({ signal }) => runActionFor(applicants, "choices", {}, ZChoices, { signal }),
    staleTime: 60_000,
  });

/** Select data: `{value, label}` of records. */
export const optionsOf = <T extends { id: number }>(
  rows: readonly T[] | undefined,
  label: (row: T) => string,
) => (rows ?? []).map((row) => ({ value: String(row.id), label: label(row) }));
