import { useEffect, useRef, useState } from "react";
import { Alert, Button, Drawer, EmptyState, Group, Pagination, Skeleton, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconBellOff, IconChecks, IconTrash } from "@tabler/icons-react";
import { notifications } from "@crew/contracts";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { invalidateResource } from "../../resources/data/use-resource-queries";
import { NotificationItem } from "./NotificationItem";
import {
  PANEL_PAGE_SIZE,
  clearAll,
  clearOne,
  fetchPanelPage,
  markAllRead,
  markAsRead,
  markAsShown,
  notificationKeys,
  type TNotification,
} from "./notifications-api";

export const CLEAR_ALL_CONFIRM = "Are you sure you want to clear all notifications?";
export const EMPTY_TEXT = "Notifications are empty";

interface TProps {
  opened: boolean;
  onClose: () => void;
}

/** The slide-in notifications panel of spec 2.5: 30vw wide, never narrower than a phone needs. */
export const NotificationsDrawer = ({ opened, onClose }: TProps) => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const seenUnshown = useRef(new Set<string>());

  const list = useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: ({ signal }) => fetchPanelPage(page, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  // Every notification query (the panel's pages, the bell's count, and the pop-up: one waiting
  // for its 3 s must not show what was just cleared or read here) sits under the type's key.
  const refresh = () => void invalidateResource(queryClient, notifications);

  // Opening starts at the newest page.
  useEffect(() => {
    if (opened) setPage(1);
  }, [opened]);

  // Clearing the last item of the last page would leave an empty page behind.
  useEffect(() => {
    if (list.data && page > list.data.lastPage) setPage(list.data.lastPage);
  }, [list.data, page]);

  // Remember what the user saw unshown; it becomes "shown" when the panel closes, so the
  // highlight stays while they read.
  useEffect(() => {
    for (const n of list.data?.data ?? []) if (!n.attributes.shown) seenUnshown.current.add(n.id);
  }, [list.data]);

  // Marking shown or read on the way past is a side effect of looking: a failure says nothing
  // (the next look marks them again), so both swallow their errors.
  const markShown = useResourceMutation({
    mutationFn: (ids: readonly string[]) => markAsShown(ids),
    invalidates: [notifications],
    refusal: () => true,
  });
  const markRead = useResourceMutation({
    mutationFn: (n: TNotification) => markAsRead([n.id]),
    invalidates: [notifications],
    refusal: () => true,
  });
  const clearOneMutation = useResourceMutation({
    mutationFn: (n: TNotification) => clearOne(n.id),
    invalidates: [notifications],
  });
  const clearAllMutation = useResourceMutation({ mutationFn: clearAll, invalidates: [notifications] });
  const readAllMutation = useResourceMutation({ mutationFn: markAllRead, invalidates: [notifications] });

  const close = () => {
    const ids = [...seenUnshown.current];
    seenUnshown.current.clear();
    if (ids.length > 0) markShown.mutate(ids);
    else refresh();
    onClose();
  };

  const open = (n: TNotification) => markRead.mutate(n);

  const confirmClearAll = () =>
    modals.openConfirmModal({
      title: "Clear all notifications",
      children: <Text size="sm">{CLEAR_ALL_CONFIRM}</Text>,
      labels: { confirm: "Clear all", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => clearAllMutation.mutate(),
    });

  const items = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const empty = list.isSuccess && items.length === 0;

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="30vw"
      title={
        <Text fw={650} size="lg">
          Notifications
        </Text>
      }
      styles={{ content: { minWidth: "min(400px, 100vw)" }, body: { paddingTop: 4 } }}
      data-testid="notifications-panel"
    >
      {/* The actions only make sense with something to act on; the empty state speaks for itself. */}
      {list.isSuccess && !empty ? (
        <Group justify="space-between" mb="md" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed">
            {total} unread
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={16} />}
              loading={readAllMutation.isPending}
              onClick={() => readAllMutation.mutate()}
            >
              Mark all read
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} />}
              loading={clearAllMutation.isPending}
              onClick={confirmClearAll}
            >
              Clear all
            </Button>
          </Group>
        </Group>
      ) : null}

      {list.isPending ? (
        <Stack gap="sm" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light" title="Notifications could not be loaded">
          <Group justify="space-between">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : empty ? (
        <EmptyState
          mt="xl"
          icon={<IconBellOff size={28} />}
          withIndicatorBackground
          title={EMPTY_TEXT}
          description="New messages about your seafarers, vessels and tasks will show up here."
        />
      ) : (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((n) => (
            <NotificationItem
              key={n.id}
              notification={n}
              onOpen={open}
              onClear={(item) => clearOneMutation.mutate(item)}
              clearing={clearOneMutation.isPending && clearOneMutation.variables?.id === n.id}
            />
          ))}
        </Stack>
      )}

      {/* Spec 2.5: pagination only when a page holds fewer items than there are. */}
      {list.data && PANEL_PAGE_SIZE < total ? (
        <Group justify="center" mt="lg">
          <Pagination size="sm" total={list.data.lastPage} value={page} onChange={setPage} siblings={1} />
        </Group>
      ) : null}
    </Drawer>
  );
};
