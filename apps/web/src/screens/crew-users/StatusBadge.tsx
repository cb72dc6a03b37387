import type { TCrewUserStatus } from "@crew/contracts";
import { Badge } from "@mantine/core";
import { STATUS_COLORS, STATUS_OPTIONS } from "./crew-user-status";

export const StatusBadge = ({ status }: { status: TCrewUserStatus | null }) =>
  status ? (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm">
      {STATUS_OPTIONS.find((o) => o.value === status)?.label}
    </Badge>
  ) : null;
