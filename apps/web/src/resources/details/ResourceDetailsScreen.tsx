import { Anchor, Button, Group, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { IconArrowLeft, IconPencil, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../session/use-session";
import { listIncludes, useResourceRecord } from "../data/use-resource-queries";
import type { TOneRecord } from "../data/resource-types";
import type { TScreenConfig } from "../screen-config";
import { readLastQuery } from "../list-state/list-storage";
import { DetailsFields, detailsEntries } from "./DetailsFields";
import { useRedirectOnError } from "../data/use-redirect-on-error";
import { recordTitle } from "../format";

export interface TResourceDetailsScreenProps {
  config: TScreenConfig;
  /** Next to the title (a status badge). */
  badges?: (one: TOneRecord) => ReactNode;
  /** Under the fields (related lists). */
  children?: (one: TOneRecord) => ReactNode;
}

/** {base}/:id/details: a record's fields with edit and delete for those allowed to. */
export const ResourceDetailsScreen = ({ config, badges, children }: TResourceDetailsScreenProps) => {
  const { def, base } = config;
  const { id = "" } = useParams();
  const { can } = useSession();
  const one = useResourceRecord(def, id, listIncludes(def));
  useRedirectOnError(one.error);
  // Back to the list as it was left, not to its first page.
  const last = readLastQuery(config.list);
  const listHref = last ? `${base}?${last}` : base;
  const title = one.data ? recordTitle(one.data.record, def.titleAttribute) : undefined;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={listHref} size="sm" c="dimmed" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {def.label.many}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" miw={0}>
          {title === undefined ? (
            <Skeleton height={28} width={240} radius="sm" />
          ) : (
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: "anywhere" }}>
              {title}
            </Title>
          )}
          {one.data ? badges?.(one.data) : null}
        </Group>
        <Group gap="xs">
          {can(def.permission, "update") ? (
            <Button component={Link} to={`${base}/${id}/edit`} variant="default" leftSection={<IconPencil size={16} />}>
              Edit
            </Button>
          ) : null}
          {can(def.permission, "delete") ? (
            <Button component={Link} to={`${base}/${id}/delete`} variant="light" color="red" leftSection={<IconTrash size={16} />}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs">
        {one.data ? (
          <DetailsFields entries={detailsEntries(def, one.data.record, one.data.included)} />
        ) : (
          <Stack gap="md">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={32} width={`${60 - i * 10}%`} radius="sm" />
            ))}
          </Stack>
        )}
      </Paper>
      {one.data ? children?.(one.data) : null}
    </Stack>
  );
};
