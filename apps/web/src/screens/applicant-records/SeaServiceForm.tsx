import { ResourceForm, type TFormSection, type TResourceFormProps } from "../../resources/form/ResourceForm";

/** The vessel first (ours, or described), then the contract, then its papers. */
const LAYOUT: readonly TFormSection[] = [
  {
    title: "Vessel of our fleet",
    description: "Her particulars are copied onto the record; leave empty for a vessel we do not manage.",
    fields: ["vessel"],
  },
  {
    title: "Or the vessel as the seafarer describes her",
    fields: [
      "vessel_name",
      "vessel_imo",
      "vessel_type",
      "vessel_flag",
      "vessel_deadweight",
      "vessel_manager",
      "engine_type",
      "engine_manufacturer",
    ],
    columns: 2,
  },
  { title: "Contract", fields: ["role", "company_agent", "date_on", "date_off"], columns: 2 },
  // Then the files (discharge book pages, contracts), uploaded after the save.
  { fields: ["knowing_overlap", "files"] },
];

/** The sea-service form (spec 001 §2 /users/:userId/experiences/:id/new and edit). */
export const SeaServiceForm = (props: TResourceFormProps) => <ResourceForm {...props} layout={LAYOUT} />;
