import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  ZNotificationSettingsAnswer,
  notifications,
  type TNotificationKind,
  type TNotificationSettings,
} from "@crew/contracts";
import { Avatar, Badge, Group, Paper, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { runActionFor } from "../../api/run-action";
import { initialsOf } from "../../lib/people";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";
import { SiteKeysCard } from "../external/SiteKeysCard";

const SETTINGS_KEY = ["notifications", "settings", {}] as const;

const fetchSettings = async (signal?: AbortSignal): Promise<TNotificationSettings> =>
  (await runActionFor(notifications, "settings", {}, ZNotificationSettingsAnswer, { signal })).settings;

/**
 * /profile: who one is and which notifications reach one (issue 16 §2); for an admin also the
 * crew job sites' keys (Outside sites; issue 19). Each switch saves at
 * once (PATCH /api/notifications/settings); the server honours them when it creates notices.
 */
export const ProfileScreen = () => {
  const { user, can } = useSession();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => fetchSettings(signal) });
  const save = useResourceMutation({
    mutationFn: async (change: Partial<TNotificationSettings>) =>
      (await runActionFor(notifications, "update_settings", { input: change }, ZNotificationSettingsAnswer))
        .settings,
    notice: "Notification settings saved",
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
  const value = (kind: TNotificationKind): boolean =>
    save.isPending && save.variables[kind] !== undefined
      ? save.variables[kind]
      : (settings.data?.[kind] ?? true);

  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>My profile</Title>
      {user ? (
        <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs">
          <Group gap="md" wrap="nowrap">
            <Avatar src={user.avatar || null} alt={user.name} radius="xl" size={48} color="blue">
              {initialsOf(user.name)}
            </Avatar>
            <Stack gap={2} miw={0}>
              <Text fw={600} truncate>
                {user.name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
            <Badge variant="light" ml="auto">
              {user.role.replace("_", " ")}
            </Badge>
          </Group>
        </Paper>
      ) : null}
      <Paper
        withBorder
        p={{ base: "md", sm: "lg" }}
        shadow="xs"
        component="section"
        aria-label="Notifications"
      >
        <Title order={4} fz="sm" c="dimmed" tt="uppercase" lts={0.4} mb={4}>
          Notifications
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          What appears in your notifications panel. Expiring documents of your seafarers are always shown.
        </Text>
        <Stack gap="md">
          {NOTIFICATION_KINDS.map((kind) =>
            settings.isPending ? (
              <Skeleton key={kind} height={38} radius="sm" />
            ) : (
              <Switch
                key={kind}
                checked={value(kind)}
                disabled={settings.isError}
                onChange={(e) => save.mutate({ [kind]: e.currentTarget.checked })}
                label={NOTIFICATION_KIND_LABELS[kind].label}
                description={NOTIFICATION_KIND_LABELS[kind].description}
                data-testid={`notify-${kind}`}
              />
            ),
          )}
        </Stack>
      </Paper>
      {can("permissions", "update") ? <SiteKeysCard /> : null}
    </Stack>
  );
};
