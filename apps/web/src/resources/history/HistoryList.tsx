import type { TResourceDef } from "@crew/contracts";
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Timeline,
} from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { IconAlertTriangle, IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { DEFAULT_PAGE_SIZE } from "@crew/contracts";
import { firstErrorMessage, getVersions, queryKeys } from "../../api";
import { initialsOf } from "../../lib/people";
import { formatDateTime } from "../format";
import { eventLabel, itemLabel, versionLines } from "./version-lines";

const EVENT_COLORS = { create: "teal", update: "blue", delete: "red" } as const;

/**
 * A record's History tab: who changed what and when, newest first, with the records that
 * belong to it (its sub-lists' rows) woven in; each change reads "field: before → after".
 */
export const HistoryList = ({ def, id }: { def: TResourceDef; id: string }) => {
  const [page, setPage] = useState(1);
  const versions = useQuery({
    queryKey: queryKeys.versions(def, id, page),
    queryFn: ({ signal }) => getVersions(def.type, id, { number: page, size: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  if (versions.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (versions.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="The history could not be loaded"
      >
        <Group justify="space-between">
          <span>{firstErrorMessage(versions.error)}</span>
          <Button size="xs" variant="white" color="red" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  const { data, total, lastPage } = versions.data;
  if (!data.length) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Group gap="sm" c="dimmed">
          <IconHistory size={20} />
          <Text size="sm">No changes recorded yet.</Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper
      withBorder
      p={{ base: "md", sm: "lg" }}
      radius="md"
      shadow="xs"
      style={{ opacity: versions.isPlaceholderData ? 0.6 : 1 }}
    >
      <Timeline bulletSize={28} lineWidth={2} aria-label="History">
        {data.map((version) => {
          const v = version.attributes;
          const actor = v.actor_name ?? "System";
          const about = itemLabel(v, def.type);
          const lines = versionLines(v);
          return (
            <Timeline.Item
              key={version.id}
              data-testid="version"
              bullet={
                <Avatar size={26} radius="xl" color={EVENT_COLORS[v.event]}>
                  {initialsOf(actor)}
                </Avatar>
              }
              title={
                <Group gap={8} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {actor}
                  </Text>
                  <Badge size="sm" variant="light" color={EVENT_COLORS[v.event]} radius="sm" tt="none">
                    {eventLabel(v.event)}
                  </Badge>
                  {about ? (
                    <Text size="sm" c="dimmed">
                      {about}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(v.created_at)}
                  </Text>
                </Group>
              }
            >
              <Stack gap={2} mt={4}>
                {lines.map((line) => (
                  <Text
                    key={line.column}
                    size="sm"
                    style={{ overflowWrap: "anywhere" }}
                    data-testid="version-change"
                  >
                    <Text span fw={500}>
                      {line.label}:
                    </Text>{" "}
                    {v.event === "create" ? (
                      line.after
                    ) : v.event === "delete" ? (
                      line.before
                    ) : (
                      <>
                        <Text span c="dimmed">
                          {line.before}
                        </Text>
                        {" → "}
                        {line.after}
                      </>
                    )}
                  </Text>
                ))}
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {total > DEFAULT_PAGE_SIZE ? (
        <Group justify="center" mt="lg">
          <Pagination
            size="sm"
            total={lastPage}
            value={page}
            onChange={setPage}
            siblings={1}
            getControlProps={(control) => ({ "aria-label": `${control} page of history` })}
          />
        </Group>
      ) : null}
    </Paper>
  );
};
