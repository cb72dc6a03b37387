import { crewUsers } from "@crew/contracts";
import { Badge, Group } from "@mantine/core";
import { useMemo } from "react";
import { recordOf } from "../../api";
import { ResourceDetailsScreen } from "../../resources/details/ResourceDetailsScreen";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { roleLabel } from "./crew-user-status";
import { CrewUserAssignments } from "./CrewUserAssignments";
import { StatusBadge } from "./StatusBadge";

/** Shown as the assignment lists under the fields, not in the field grid. */
const FLEET_LINKS = ["vessels", "owners", "coordinated_vessels", "recruited_fleets"];

/**
 * /crew-users/:id/details: the generic details with role and status next to the name, and the
 * user's place in the fleet (coordinated and recruited vessels, recruited and inspected owners).
 */
export const CrewUserDetailsScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const include = useMemo(
    () => [
      ...(can("ports", "read") ? ["port"] : []),
      ...(can("vessels", "read") ? ["coordinated_vessels"] : []),
      ...(can("owners", "read") ? ["owners"] : []),
    ],
    [can],
  );
  return (
    <ResourceDetailsScreen
      config={config}
      include={include}
      hiddenFields={FLEET_LINKS}
      badges={({ record }) => {
        const { role, status } = recordOf(crewUsers, record).attributes;
        return (
          <Group gap={6}>
            <Badge variant="light" color="blue" radius="sm" tt="none">
              {roleLabel(role)}
            </Badge>
            <StatusBadge status={status} />
          </Group>
        );
      }}
    >
      {(one) => <CrewUserAssignments one={one} />}
    </ResourceDetailsScreen>
  );
};
