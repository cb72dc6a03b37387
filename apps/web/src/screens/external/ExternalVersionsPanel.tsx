import {
  EXTERNAL_FIELDS,
  EXTERNAL_NOTICES,
  EXTERNAL_SOURCE_LABELS,
  CREW_SITE_SOURCES,
  EXTERNAL_SOURCES,
  applicants,
  externalObjectVersions,
  formatDateTime,
  formatDay,
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
import { modals } from "@mantine/modals";
import { apiPaths, firstErrorMessage, get } from "../../api";
import { runActionFor } from "../../api/run-action";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";
import { rowErrorsOf, type TRowErrors } from "./sea-row-errors";

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
    /** The positions of the sea_service rows our applicant's sea service lacks now. */
    sea_service_new: z.array(z.number()),
  }),
});
type TVersion = z.infer<typeof ZVersion>;
type TSeaRow = TVersion["attributes"]["sea_service"][number];
const ZList = z.object({ data: z.array(ZVersion) });
const ZOne = z.object({ data: ZVersion });
/** An action's answer with the server's notice (meta.message). */
const ZMessage = z.object({ data: ZVersion, meta: z.object({ message: z.string() }) });

const parent = externalObjectVersions.parents[0];
const labelOf = (field: string): string =>
  (applicants.attributes as Record<string, { label: string } | undefined>)[field]?.label ?? field;
const isDayField = (field: string): boolean =>
  (applicants.attributes as Record<string, { kind: string } | undefined>)[field]?.kind === "date";
/** A value of the diff as people read it: days as dd.mm.yyyy (they travel as yyyy-mm-dd). */
const shown = (field: string, v: string | number | null) =>
  v === null || v === "" ? "—" : isDayField(field) && typeof v === "string" ? formatDay(v) : String(v);

const serviceDays = (s: TSeaRow) =>
  `${s.date_on ? formatDay(s.date_on) : "?"} – ${s.date_off ? formatDay(s.date_off) : "on board"}`;

/**
 * The site's sea service (issue 19 §2): the rows our record lacks get a tick; "Add n rows to sea
 * service" shows exactly those rows and asks before anything is written (accept_sea_service);
 * a refused row shows the server's reason on it.
 */
const SeaServiceRows = ({ version }: { version: TVersion }) => {
  const a = version.attributes;
  const site = EXTERNAL_SOURCE_LABELS[a.source];
  const { can } = useSession();
  const mayTake = can("externalUpdate", "update");
  const fresh = new Set(a.sea_service_new);
  const [picked, setPicked] = useState<number[]>([]);
  const [refused, setRefused] = useState<TRowErrors>({
    rows: new Map(),
    rest: [],
  });
  const take = useResourceMutation({
    mutationFn: (rows: number[]) =>
      runActionFor(
        externalObjectVersions,
        "accept_sea_service",
        { id: version.id, input: { rows } },
        ZMessage,
      ),
    invalidates: ["external_object_versions", "expiriences", "users"],
    notice: (r) => r.meta.message,
    onSuccess: () => {
      setPicked([]);
      setRefused({ rows: new Map(), rest: [] });
    },
    onFailure: (action, error, rows) => {
      if (action?.kind === "fields") setRefused(rowErrorsOf(error, rows));
    },
  });
  const takeable = a.sea_service.map((_, i) => i).filter((i) => fresh.has(i));
  const sorted = [...picked].sort((x, y) => x - y);
  const confirm = () =>
    modals.openConfirmModal({
      title: `Add ${sorted.length} ${sorted.length === 1 ? "row" : "rows"} to sea service`,
      children: (
        <Stack gap="xs">
          <Text size="sm">These records from {site} will be added to the applicant's sea service:</Text>
          <Table withTableBorder data-testid="sea-service-confirm">
            <Table.Tbody>
              {sorted.map((i) => {
                const s = a.sea_service[i];
                return s ? (
                  <Table.Tr key={i}>
                    <Table.Td>{s.vessel}</Table.Td>
                    <Table.Td>{s.rank ?? "—"}</Table.Td>
                    <Table.Td>{s.company ?? "—"}</Table.Td>
                    <Table.Td>{serviceDays(s)}</Table.Td>
                  </Table.Tr>
                ) : null;
              })}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            Nothing else changes. A row that overlaps the applicant's service is refused with the reason.
          </Text>
        </Stack>
      ),
      labels: { confirm: `Add ${sorted.length} ${sorted.length === 1 ? "row" : "rows"}`, cancel: "Cancel" },
      onConfirm: () => take.mutate(sorted),
    });
  if (!a.sea_service.length) return null;
  return (
    <Stack gap={4} data-testid="external-sea-service">
      <Text size="sm" fw={600}>
        Sea service on {site}
      </Text>
      <Text size="xs" c="dimmed">
        {takeable.length
          ? `${takeable.length} of ${a.sea_service.length} ${a.sea_service.length === 1 ? "row is" : "rows are"} not in our record; tick the ones to add.`
          : "Every row is in our record already."}
      </Text>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {mayTake && takeable.length ? <Table.Th w={40} /> : null}
            <Table.Th>Vessel</Table.Th>
            <Table.Th>Rank</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th>Signed on</Table.Th>
            <Table.Th>Signed off</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {a.sea_service.map((s, i) => {
            const error = refused.rows.get(i);
            return (
              <Table.Tr key={i} data-row={i} data-new={fresh.has(i) || undefined}>
                {mayTake && takeable.length ? (
                  <Table.Td>
                    {fresh.has(i) ? (
                      <Checkbox
                        aria-label={`Add ${s.vessel}`}
                        checked={picked.includes(i)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setPicked((p) => (on ? [...p, i] : p.filter((x) => x !== i)));
                        }}
                      />
                    ) : null}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  {s.vessel}
                  {error ? (
                    <Text size="xs" c="red" role="alert" data-testid="sea-row-error">
                      {error}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{s.rank ?? ""}</Table.Td>
                <Table.Td>{s.company ?? ""}</Table.Td>
                <Table.Td>{s.date_on ? formatDay(s.date_on) : "?"}</Table.Td>
                <Table.Td>{s.date_off ? formatDay(s.date_off) : "on board"}</Table.Td>
                <Table.Td>
                  {fresh.has(i) ? (
                    <Badge variant="light" color="orange" radius="sm" tt="none">
                      Not in our record
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed">
                      In our record
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {refused.rest.length ? <Alert color="red">{refused.rest.join(" ")}</Alert> : null}
      {mayTake && takeable.length ? (
        <Group gap="xs">
          <Button variant="light" disabled={picked.length === 0} loading={take.isPending} onClick={confirm}>
            {picked.length
              ? `Add ${picked.length} ${picked.length === 1 ? "row" : "rows"} to sea service`
              : "Add rows to sea service"}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
};

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
                <Table.Td c="dimmed">{shown(c.field, c.ours)}</Table.Td>
                <Table.Td fw={500}>{shown(c.field, c.theirs)}</Table.Td>
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
      <SeaServiceRows version={version} />
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
