import { Badge } from "@mantine/core";
import { isClientStatus, STATUS_COLORS, STATUS_OPTIONS } from "./client-status";

export const StatusBadge = ({ status }: { status: unknown }) =>
  isClientStatus(status) ? (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm">
      {STATUS_OPTIONS.find((o) => o.value === status)?.label}
    </Badge>
  ) : null;
