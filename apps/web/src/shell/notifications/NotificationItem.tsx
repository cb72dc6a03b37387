import { ActionIcon, Avatar, Badge, Box, Group, Text, Tooltip } from "@mantine/core";
import { IconClock, IconX } from "@tabler/icons-react";
import { formatDateTime } from "@crew/contracts";
import type { TNotification } from "./notifications-api";
import classes from "./NotificationItem.module.css";
import { initialsOf } from "../../lib/people";

interface TProps {
  notification: TNotification;
  onOpen: (notification: TNotification) => void;
  onClear: (notification: TNotification) => void;
  clearing: boolean;
}

/**
 * One notification: opens its item in a new tab, styled by whether it was already shown
 * (spec 2.5). The clear button sits outside the link so clearing never opens the item.
 */
export const NotificationItem = ({ notification, onOpen, onClear, clearing }: TProps) => {
  const a = notification.attributes;
  const body = (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <Avatar src={a.author_avatar || null} alt={a.author_name ?? ""} radius="xl" size={40} color="blue">
        {initialsOf(a.author_name)}
      </Avatar>
      <Box miw={0} style={{ flex: 1 }}>
        {a.author_name ? (
          <Text size="xs" c="dimmed" fw={500} truncate>
            {a.author_name}
          </Text>
        ) : null}
        <Text size="sm" fw={a.shown ? 500 : 650} className={classes.primary}>
          {a.primary_text}
        </Text>
        {a.secondary_text ? (
          <Text size="sm" c="dimmed" lineClamp={2} mt={2}>
            {a.secondary_text}
          </Text>
        ) : null}
        <Badge
          mt={8}
          size="sm"
          variant="light"
          color={a.shown ? "gray" : "blue"}
          radius="sm"
          tt="none"
          fw={500}
          leftSection={<IconClock size={12} />}
        >
          {formatDateTime(a.created_at)}
        </Badge>
      </Box>
    </Group>
  );

  return (
    <div className={classes.item} data-shown={a.shown || undefined} data-testid="notification-item">
      {a.item_link ? (
        <a
          href={a.item_link}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.link}
          onClick={() => onOpen(notification)}
        >
          {body}
        </a>
      ) : (
        <div className={classes.link}>{body}</div>
      )}
      <Tooltip label="Clear">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.clear}
          aria-label="Clear notification"
          loading={clearing}
          onClick={() => onClear(notification)}
        >
          <IconX size={14} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
};
