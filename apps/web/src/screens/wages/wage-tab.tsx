import { IconCoin } from "@tabler/icons-react";
import type { TDetailsTab } from "../../resources/details/ResourceDetailsScreen";
import type { TCan } from "../../session/use-session";
import { OwnerWageTab } from "./OwnerWageTab";

/** The owner page's /owners/:id/wage tab (spec 002 §2), for those who may read wage scales. */
export const ownerWageTabs = (can: TCan): TDetailsTab[] =>
  can("wageScales", "read")
    ? [
        {
          value: "wage",
          label: "Wage",
          icon: <IconCoin size={16} />,
          render: (one) => <OwnerWageTab ownerId={one.record.id} />,
        },
      ]
    : [];

/** The nested lists of this area that the owner page shows inside the Wage tab, not as tabs of their own. */
export const OWNER_WAGE_HIDDEN_TABS = ["wage_scales_nationalities", "level_fees"] as const;
