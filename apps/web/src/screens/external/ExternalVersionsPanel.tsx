import {
  EXTERNAL_FIELDS,
  EXTERNAL_NOTICES,
  EXTERNAL_SOURCE_LABELS,
  CREW_SITE_SOURCES,
  EXTERNAL_SOURCES,
  applicants,
  externalObjectVersions,
  formatDateTime,
  type TExternalField,
  type TCrewSiteSource,
  type TExternalSource,
} from "@crew/contracts";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { IconCloudDownload } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { z } from "zod";
import { apiPaths, firstErrorMessage, get } from "../../api";
import { runActionFor } from "../../api/run-action";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";

const ZValue = z.union([z.string(), z.number(), z.null()]);
const ZVersion = z.object({
  id: z.string(),
  attributes: z.object({
    source: z.enum(EXTERNAL_SOURCES),
    external_id: z.string(),
    date: z.string(),
    status: z.string(),
    accepted_fields: z.array(z.string()).nullable(),
    changes: z.array(z.object({ field: z.enum(EXTERNAL_FIELDS), ours: ZValue, theirs: ZValue })),
    sea_service: z.array(
      z.object({
        vessel: z.string(),
        rank: z.string().nullable(),
        company: z.string().nullable(),
        date_on: z.string().nullable(),
        date_off: z.string().nullable(),
      }),
    ),
  }),
});
type TVersion = z.infer<typeof ZVersion>;
const ZList = z.object({ data: z.array(ZVersion) });
const ZOne = z.object({ data: ZVersion });

const parent = externalObjectVersions.parents[0];
const labelOf = (field: string): string =>
  (applicants.attributes as Record<string, { label: string } | undefined>)[field]?.label ?? field;
const shown = (v: string | number | null) => (v === null || v === "" ? "—" : String(v));

/**
 * One version against our record, field by field (spec 001 §3 "External object history"):
 * staff tick what to take; nothing changes until they press Accept.
 */
const VersionDiff = ({ version }: { version: TVersion }) => {
  const a = version.attributes;
  const pending = a.status === "pending";
  const [picked, setPicked] = useState<TExternalField[]>([]);
  const accept = useResourceMutation({
    mutationFn: (fields: TExternalField[]) =>
      runActionFor(externalObjectVersions, "accept", { id: version.id, input: { fields } }, ZOne),
    invalidates: ["external_object_versions", "users"],
    notice: (_r, fields) => (fields.length ? "The user updated successfully" : "Marked as reviewed"),
    onSuccess: () => setPicked([]),
  });
  const all = a.changes.map((c) => c.field);
  return (
    <Stack gap="sm" data-testid="external-version" data-version-id={version.id}>
      <Group gap="xs">
        <Text fw={600}>
          {a.source === "application_form"
            ? `Application form (link ${a.external_id})`
            : `${EXTERNAL_SOURCE_LABELS[a.source]} profile ${a.external_id}`}
        </Text>
        <Text size="sm" c="dimmed">
          fetched {formatDateTime(a.date)}
        </Text>
        <Badge variant="light" color={pending ? "orange" : "gray"} radius="sm" tt="none">
          {pending ? "Waiting for review" : "Reviewed"}
        </Badge>
      </Group>
      {a.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          The site says nothing new: every field it shows matches our record.
        </Text>
      ) : (
        <Table withTableBorder striped data-testid="external-diff">
          <Table.Thead>
            <Table.Tr>
              {pending ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Take all"
                    checked={picked.length === all.length}
                    indeterminate={picked.length > 0 && picked.length < all.length}
                    onChange={(e) => setPicked(e.currentTarget.checked ? all : [])}
                  />
                </Table.Th>
              ) : null}
              <Table.Th>Field</Table.Th>
              <Table.Th>Our record</Table.Th>
              <Table.Th>{EXTERNAL_SOURCE_LABELS[a.source]} says</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.changes.map((c) => (
              <Table.Tr key={c.field} data-field={c.field}>
                {pending ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Take ${labelOf(c.field)}`}
                      checked={picked.includes(c.field)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setPicked((p) => (on ? [...p, c.field] : p.filter((f) => f !== c.field)));
                      }}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>{labelOf(c.field)}</Table.Td>
                <Table.Td c="dimmed">{shown(c.ours)}</Table.Td>
                <Table.Td fw={500}>{shown(c.theirs)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!pending && a.accepted_fields?.length ? (
        <Text size="sm">Taken: {a.accepted_fields.map(labelOf).join(", ")}</Text>
      ) : null}
      {pending ? (
        <Group gap="xs">
          <Button
            disabled={picked.length === 0}
            loading={accept.isPending}
            onClick={() => accept.mutate(picked)}
          >
            {picked.length ? `Accept ${picked.length} selected` : "Accept selected"}
          </Button>
          <Button variant="light" loading={accept.isPending} onClick={() => accept.mutate(all)}>
            Accept all
          </Button>
          <Button variant="subtle" color="gray" loading={accept.isPending} onClick={() => accept.mutate([])}>
            Keep ours
          </Button>
        </Group>
      ) : null}
      {a.sea_service.length ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Sea service on {EXTERNAL_SOURCE_LABELS[a.source]} (for comparison; not taken)
          </Text>
          <Table withTableBorder>
            <Table.Tbody>
              {a.sea_service.map((s, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{s.vessel}</Table.Td>
                  <Table.Td>{s.rank ?? ""}</Table.Td>
                  <Table.Td>{s.company ?? ""}</Table.Td>
                  <Table.Td>
                    {s.date_on ?? "?"} – {s.date_off ?? "now"}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Stack>
  );
};

/**
 * The applicant's "Outside sites" tab (issue 19 §2): refresh from UkrCrewing or Crewell (spec
 * 001 §4: loading, the call, reload, the notice), then the versions by source and date with
 * the diff against our record.
 */
export const ExternalVersionsPanel = ({
  userId,
  ids,
}: {
  userId: string;
  ids: Record<TCrewSiteSource, string | null>;
}) => {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const key = ["external_object_versions", "of", userId];
  const list = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      ZList.parse(
        await get(
          parent ? apiPaths.nested(externalObjectVersions, parent, userId) : "/external_object_versions",
          { "page[size]": 999, sort: "-date" },
          { signal },
        ),
      ).data,
  });
  // Until staff pick a source: the one with the newest version waiting (an application form just
  // sent), else the site the applicant has an id on.
  const [pickedSource, setSource] = useState<TExternalSource | null>(null);
  const source: TExternalSource =
    pickedSource ??
    list.data?.find((v) => v.attributes.status === "pending")?.attributes.source ??
    (ids.ukr_crewing || !ids.crewell ? "ukr_crewing" : "crewell");
  const [chosen, setChosen] = useState<string | null>(null);
  const refresh = useResourceMutation({
    mutationFn: (s: TCrewSiteSource) =>
      runActionFor(
        externalObjectVersions,
        s === "ukr_crewing" ? "update_from_uc" : "update_from_cw",
        { id: userId },
        ZOne,
      ),
    invalidates: ["external_object_versions", "users"],
    notice: (_r, s) => EXTERNAL_NOTICES[s],
    onSuccess: async (r, s) => {
      setSource(s);
      setChosen(r.data.id);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const ofSource = useMemo(
    () => (list.data ?? []).filter((v) => v.attributes.source === source),
    [list.data, source],
  );
  const version = ofSource.find((v) => v.id === chosen) ?? ofSource[0];
  const mayRefresh = can("externalUpdate", "create");

  return (
    <Stack gap="md" data-testid="external-versions">
      <Group gap="xs">
        {CREW_SITE_SOURCES.map((s) => (
          <Button
            key={s}
            variant="light"
            leftSection={<IconCloudDownload size={16} />}
            disabled={!mayRefresh || !ids[s]}
            title={ids[s] ? undefined : `No ${EXTERNAL_SOURCE_LABELS[s]} id on the applicant`}
            loading={refresh.isPending && refresh.variables === s}
            onClick={() => refresh.mutate(s)}
          >
            Refresh from {EXTERNAL_SOURCE_LABELS[s]}
          </Button>
        ))}
      </Group>
      {refresh.error ? <Alert color="red">{firstErrorMessage(refresh.error)}</Alert> : null}
      {list.isPending ? (
        <Skeleton h={120} />
      ) : list.error ? (
        <Alert color="red">{firstErrorMessage(list.error)}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Group gap="md" align="flex-end">
              <SegmentedControl
                aria-label="Source"
                value={source}
                onChange={(v) => {
                  setSource(EXTERNAL_SOURCES.find((s) => s === v) ?? "ukr_crewing");
                  setChosen(null);
                }}
                data={EXTERNAL_SOURCES.map((s) => ({ value: s, label: EXTERNAL_SOURCE_LABELS[s] }))}
              />
              <Select
                label="Version"
                w={260}
                value={version?.id ?? null}
                onChange={setChosen}
                allowDeselect={false}
                data={ofSource.map((v) => ({
                  value: v.id,
                  label: `${formatDateTime(v.attributes.date)}${v.attributes.status === "pending" ? " · waiting" : ""}`,
                }))}
                placeholder="No versions yet"
              />
            </Group>
            {version ? (
              <VersionDiff key={version.id} version={version} />
            ) : (
              <Text size="sm" c="dimmed">
                {source === "application_form"
                  ? "Nothing received through an application form yet."
                  : `Nothing fetched from ${EXTERNAL_SOURCE_LABELS[source]} yet.`}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
