import { IconFileText } from "@tabler/icons-react";
import type { TDetailsTab } from "../../resources/details/ResourceDetailsScreen";
import { OwnerTemplates } from "./OwnerTemplates";

/** The owner's fields the Templates tab shows instead of the details (issue 17 §4). */
export const OWNER_CONTRACT_FIELDS = ["contract_template", "document_templates"];

/** /owners/:id/templates: contract and document templates (issue 17 §4). */
export const ownerContractTabs = (): TDetailsTab[] => [
  {
    value: "templates",
    label: "Templates",
    icon: <IconFileText size={16} />,
    render: (one) => <OwnerTemplates one={one} />,
  },
];
