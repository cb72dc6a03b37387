import {
  ACTIVITY_KINDS,
  ACTIVITY_KIND_LABELS,
  ZActivityAnswer,
  activityItemsOf,
  formatDateTime,
  formatDay,
  applicants,
  type TActivityItem,
  type TActivityKind,
} from "@crew/contracts";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
} from "@mantine/core";
import { IconCalendarEvent, IconFileCertificate, IconMessage, IconPencil } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { runActionFor } from "../../api/run-action";
import { activityDetails, activityTitle } from "./activity-text";

const ICONS: Record<TActivityKind, ReactNode> = {
  comment: <IconMessage size={14} />,
  change: <IconPencil size={14} />,
  document: <IconFileCertificate size={14} />,
  plan: <IconCalendarEvent size={14} />,
};
const COLORS: Record<TActivityKind, string> = {
  comment: "blue",
  change: "gray",
  document: "teal",
  plan: "grape",
};

const linkOf = (userId: string, item: TActivityItem): string => {
  switch (item.kind) {
    case "comment":
      return `/users/${userId}/comments`;
    case "change":
      return `/users/${userId}/history`;
    case "document":
      return `/users/${userId}/documents`;
    case "plan":
      return `/timeplans/${item.plan_id}/edit`;
  }
};

/** When: a document's expiry is a day; everything else a moment. */
const whenOf = (item: TActivityItem): string =>
  item.kind === "document" && item.action !== "added" ? formatDay(item.valid_until) : formatDateTime(item.at);

const Item = ({ userId, item }: { userId: string; item: TActivityItem }) => (
  <Stack gap={2} data-testid="activity-item" data-kind={item.kind}>
    <Group gap="xs" wrap="wrap">
      <Anchor component={Link} to={linkOf(userId, item)} fw={600} size="sm" c="inherit">
        {activityTitle(item)}
      </Anchor>
      {item.kind === "comment" && item.category ? (
        <Badge size="xs" variant="light" tt="none">
          {item.category}
        </Badge>
      ) : null}
      {item.kind === "document" && item.action === "expires" ? (
        <Badge size="xs" color="orange" variant="light">
          upcoming
        </Badge>
      ) : null}
    </Group>
    {activityDetails(item).map((line) => (
      <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {line}
      </Text>
    ))}
    {item.kind === "comment" && item.body ? (
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} lineClamp={4}>
        {item.body}
      </Text>
    ) : null}
    <Text size="xs" c="dimmed">
      {whenOf(item)}
      {item.actor
        ? ` · ${item.actor.name}`
        : item.kind === "document" && item.action !== "added"
          ? ""
          : " · system"}
    </Text>
  </Stack>
);

/**
 * The applicant's Activity tab (issue 16 §4): one timeline of what happened to the person, newest
 * first, filterable by kind (kept in the address, `?kind=plan`), older pages on demand. The
 * kinds offered are those the server says this reader sees.
 */
export const ActivityTimeline = ({ userId }: { userId: string }) => {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get("kind");
  const kind = (ACTIVITY_KINDS as readonly string[]).includes(kindParam ?? "")
    ? (kindParam as TActivityKind)
    : null;
  const query = useInfiniteQuery({
    queryKey: ["users", "activity", { id: userId, kind }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      runActionFor(
        applicants,
        "activity",
        {
          id: userId,
          input: {
            ...(kind ? { filter: { kind } } : {}),
            page: { size: 25, ...(pageParam ? { before: pageParam } : {}) },
          },
        },
        ZActivityAnswer,
        { signal },
      ),
    getNextPageParam: (last) => last.meta.next,
  });
  const kinds = query.data?.pages[0]?.meta.kinds ?? [];
  const items = query.data?.pages.flatMap((p) => activityItemsOf(p)) ?? [];
  const choose = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === "all") next.delete("kind");
        else next.set("kind", value);
        return next;
      },
      { replace: true },
    );

  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} shadow="xs">
      <Stack gap="md">
        <Chip.Group multiple={false} value={kind ?? "all"} onChange={choose}>
          <Group gap="xs" role="group" aria-label="Kind of activity">
            <Chip value="all" size="sm">
              All
            </Chip>
            {kinds.map((k) => (
              <Chip key={k} value={k} size="sm">
                {ACTIVITY_KIND_LABELS[k]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {query.isPending ? (
          <Stack gap="sm">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={44} radius="sm" />
            ))}
          </Stack>
        ) : query.isError ? (
          <Alert color="red" title="The activity could not be loaded">
            Try again in a moment.
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing has happened yet{kind ? ` of this kind` : ""}.
          </Text>
        ) : (
          <Timeline bulletSize={26} lineWidth={2}>
            {items.map((item) => (
              <Timeline.Item
                key={item.id}
                bullet={
                  <ThemeIcon size={26} radius="xl" color={COLORS[item.kind]} variant="light">
                    {ICONS[item.kind]}
                  </ThemeIcon>
                }
              >
                <Item userId={userId} item={item} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {query.hasNextPage ? (
          <Button
            variant="light"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            w="fit-content"
          >
            Show older
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
};
