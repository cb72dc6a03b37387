import { Button, Group, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/** A child list's title on its parent's details tab, with its buttons on the right. */
export const ChildListHeading = ({ title, children }: { title: string; children?: ReactNode }) => (
  <Group justify="space-between" mb="sm">
    <Title order={3} fz="lg" fw={650}>
      {title}
    </Title>
    {children}
  </Group>
);

/** The button that opens a child list's create dialog. */
export const NewChildButton = ({ to, children }: { to: string; children: ReactNode }) => (
  <Button component={Link} to={to} size="xs" leftSection={<IconPlus size={14} />}>
    {children}
  </Button>
);
