import { Badge, Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { totalText } from "./ListFooter";

/** Title of a screen with its record count and the screen's main actions on the right. */
export const PageHeader = ({
  title,
  count,
  estimated = false,
  actions,
}: {
  title: string;
  count?: number;
  estimated?: boolean;
  actions?: ReactNode;
}) => (
  // Wraps on a phone: the actions ("New task") go under the title whole instead of being squeezed.
  <Group justify="space-between" align="center" gap="sm" wrap="wrap" mb="md">
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Title order={2} fz={{ base: 20, sm: 24 }} fw={650} lh={1.2} lineClamp={1}>
        {title}
      </Title>
      {count !== undefined ? (
        <Badge
          variant="light"
          color="gray"
          size="lg"
          radius="sm"
          data-testid="list-total"
          style={{ flex: "none" }}
        >
          {estimated ? `≈ ${totalText(count, true)}` : totalText(count, false)}
        </Badge>
      ) : null}
    </Group>
    {actions ? (
      <Group gap="xs" wrap="nowrap" ml="auto">
        {actions}
      </Group>
    ) : null}
  </Group>
);
