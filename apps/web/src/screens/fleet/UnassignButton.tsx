import { ActionIcon, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";

/** The red cross (or user-minus) that unassigns one linked record, named for screen readers. */
export const UnassignButton = ({
  name,
  icon,
  onClick,
}: {
  name: string;
  icon: ReactNode;
  onClick: () => void;
}) => (
  <Tooltip label="Unassign">
    <ActionIcon variant="subtle" color="red" aria-label={`Unassign ${name}`} onClick={onClick}>
      {icon}
    </ActionIcon>
  </Tooltip>
);
