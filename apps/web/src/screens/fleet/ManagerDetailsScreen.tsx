import { ResourceDetailsScreen } from "../../resources/details/ResourceDetailsScreen";
import type { TScreenProps } from "../../resources/screen-registry";
import { CompanyVessels } from "./CompanyVessels";

/** /managers/:id/details (spec 002 §2): the manager's title and the vessels it manages. */
export const ManagerDetailsScreen = ({ config }: TScreenProps) => (
  <ResourceDetailsScreen config={config} hiddenTabs={["vessels"]}>
    {(one) => <CompanyVessels parentType="managers" parentId={one.record.id} />}
  </ResourceDetailsScreen>
);
