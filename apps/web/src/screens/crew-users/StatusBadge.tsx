import type { TClientStatus } from "@crew/contracts";
import { Badge } from "@mantine/core";
import { STATUS_COLORS, STATUS_OPTIONS } from "./client-status";

export const StatusBadge = ({ status }: { status: TClientStatus | null }) =>
  status ? (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm">
      {STATUS_OPTIONS.find((o) => o.value === status)?.label}
    </Badge>
  ) : null;
