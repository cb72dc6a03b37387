import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router-dom";

export interface TRowActionsProps {
  name: string;
  editHref?: string;
  deleteHref?: string;
}

/** Edit and delete of one row, each shown only when the route exists for this user. */
export const RowActions = ({ name, editHref, deleteHref }: TRowActionsProps) => (
  <Group gap={4} wrap="nowrap" justify="flex-end">
    {editHref ? (
      <Tooltip label="Edit" withArrow openDelay={400}>
        <ActionIcon component={Link} to={editHref} variant="subtle" color="gray" aria-label={`Edit ${name}`}>
          <IconPencil size={17} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
    ) : null}
    {deleteHref ? (
      <Tooltip label="Delete" withArrow openDelay={400}>
        <ActionIcon
          component={Link}
          to={deleteHref}
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
        >
          <IconTrash size={17} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
    ) : null}
  </Group>
);
