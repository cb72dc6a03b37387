import { Badge, Group } from "@mantine/core";
import { ResourceDetailsScreen } from "../../resources/details/ResourceDetailsScreen";
import type { TScreenProps } from "../../resources/screen-registry";
import { roleLabel } from "./client-status";
import { StatusBadge } from "./StatusBadge";

/** /crew-users/:id/details: the generic details with role and status next to the name. */
export const CrewUserDetailsScreen = ({ config }: TScreenProps) => (
  <ResourceDetailsScreen
    config={config}
    badges={({ record }) => (
      <Group gap={6}>
        <Badge variant="light" color="blue" radius="sm" tt="none">
          {roleLabel(record.attributes.role)}
        </Badge>
        <StatusBadge status={record.attributes.status} />
      </Group>
    )}
  />
);
