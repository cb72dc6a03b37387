import { useState } from "react";
import { ActionIcon, Anchor, Indicator, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconBell } from "@tabler/icons-react";
import { NOTICE_AUTO_DISMISS_MS, NOTIFICATION_COUNT_REFRESH_MS } from "@crew/contracts";
import { useLiveChanges } from "../../api/use-live-changes";
import { useSession } from "../../session/use-session";
import { NotificationsDrawer } from "./NotificationsDrawer";
import { fetchUnreadCount, notificationKeys, type TNotification } from "./notifications-api";
import { PopupMessage } from "./PopupMessage";
import { usePopupNotices } from "./use-popup-notices";

const WAITING_NOTICE_ID = "notifications-waiting";

/**
 * Header bell with the unread badge and the pop-ups of new notifications. A new notification is
 * pushed over the live stream (docs/live.md): the badge, the pop-up and the panel read again at
 * once; the 60 s count refresh stays for a stream that is down.
 */
export const NotificationsButton = () => {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const { can } = useSession();
  useLiveChanges(
    ["notifications"],
    () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.count });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.popUp });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
    },
    can("notifications", "read"),
  );
  const count = useQuery({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: NOTIFICATION_COUNT_REFRESH_MS,
    staleTime: 0,
  });

  usePopupNotices(
    true,
    opened,
    (items: TNotification[], more: number) => {
      for (const n of items) {
        notifications.show({
          title: n.attributes.author_name || "New notification",
          message: <PopupMessage notification={n} />,
          color: "blue",
          autoClose: NOTICE_AUTO_DISMISS_MS,
          withBorder: true,
        });
      }
      if (more > 0) {
        notifications.show({
          title: "New notifications",
          message: `${more} more in the notifications panel`,
          color: "blue",
          autoClose: NOTICE_AUTO_DISMISS_MS,
          withBorder: true,
        });
      }
    },
    (waiting: number) => {
      // What was waiting at sign-in: one notice that opens the panel, not a column of pop-ups.
      notifications.show({
        id: WAITING_NOTICE_ID,
        title: `${waiting} notifications waiting`,
        message: (
          <Text size="sm">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                notifications.hide(WAITING_NOTICE_ID);
                setOpened(true);
              }}
            >
              Open the notifications panel
            </Anchor>
          </Text>
        ),
        color: "blue",
        autoClose: NOTICE_AUTO_DISMISS_MS,
        withBorder: true,
      });
    },
  );

  const unread = count.data ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

  return (
    <>
      <Tooltip label="Notifications">
        <Indicator
          label={unread > 99 ? "99+" : unread}
          disabled={unread === 0}
          size={18}
          offset={6}
          color="orange"
          withBorder
          inline
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            onClick={() => setOpened(true)}
            data-testid="notifications-button"
          >
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <NotificationsDrawer opened={opened} onClose={() => setOpened(false)} />
    </>
  );
};
