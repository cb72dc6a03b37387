import { vesselParseItems, vesselParseRuns } from "@crew/contracts";
import { z } from "zod";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { parseItemScope, parseRunScope } from "./fleet-scopes.js";

const ZInvalid = z.array(z.string()).catch([]);

/** Registry imports and their rows: read-only, written by the import job. */
export const vesselParseRunsBinding: TResourceEntry = bindResource(
  vesselParseRuns,
  "VesselParseRun",
)({
  scope: parseRunScope,
  computed: { invalid: (row) => ZInvalid.parse(row.invalid) },
});

export const vesselParseItemsBinding: TResourceEntry = bindResource(
  vesselParseItems,
  "VesselParseItem",
)({
  scope: parseItemScope,
});
