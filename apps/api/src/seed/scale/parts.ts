import { fleetScalePart } from "./fleet.js";
import { applicantsScalePart } from "./applicants.js";
import { planningScalePart } from "./planning.js";
import { recordsScalePart } from "./records.js";
import { commentsScalePart } from "./comments.js";
import { documentMatricesScalePart } from "./document-matrix.js";
import { wagesScalePart } from "./wages.js";
import { ppeOrdersScalePart } from "./ppe-orders.js";
import { vacanciesScalePart } from "./vacancies.js";
import type { TScalePart } from "./part.js";

/**
 * The parts of `pnpm seed:scale`, in the order they run. Each area adds its own module here
 * (fleet, then applicants, then their records, then planning).
 */
// Planning stays last: it plans the rows and applicants the others made.
export const SCALE_PARTS: readonly TScalePart[] = [
  fleetScalePart,
  wagesScalePart,
  applicantsScalePart,
  recordsScalePart,
  documentMatricesScalePart,
  planningScalePart,
  // PPE matrices, sizes and crew changes with sign-ons: after planning, whose plans sign on (issue 17 §3).
  ppeOrdersScalePart,
  // Interactions on the applicants (issue 16).
  commentsScalePart,
  // Vacancies and their applications (issue 18), on the planning part's vacancy plans and the fleet.
  vacanciesScalePart,
];
