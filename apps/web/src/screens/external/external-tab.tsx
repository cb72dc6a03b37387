import { applicants } from "@crew/contracts";
import { IconWorldDownload } from "@tabler/icons-react";
import { recordOf } from "../../api";
import type { TOneRecord } from "../../resources/data/resource-types";
import { ExternalVersionsPanel } from "./ExternalVersionsPanel";

/**
 * The applicant's "Outside sites" tab (/users/:id/external; issue 19 §2): replaces the generic
 * list of external_object_versions under the applicant (same tab value as the definition's).
 */
export const EXTERNAL_TAB = {
  value: "external",
  label: "Outside sites",
  icon: <IconWorldDownload size={16} />,
  render: (one: TOneRecord) => {
    const a = recordOf(applicants, one.record).attributes;
    return (
      <ExternalVersionsPanel
        userId={one.record.id}
        ids={{ ukr_crewing: a.ukr_crewing_id ?? null, crewell: a.crewell_id ?? null }}
      />
    );
  },
} as const;
