import { MAX_BULK_IMOS, splitImos, vessels, type TParseItemStatus } from "@crew/contracts";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { z } from "zod";
import { getManyReference, getOne, runActionFor } from "../../api";
import { notifyError } from "../../notices";
import { invalidateResource } from "../../resources/data/use-resource-queries";
import { EquasisAccountForm } from "./EquasisAccountForm";
import { registryRefusalOf, type TRegistryProblem } from "./registry-errors";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { FLEET_NOTICES } from "./vessel-messages";
import { formatNumber } from "../../lib/numbers";

const ZRun = z.object({
  status: z.enum(["queued", "running", "finished", "failed"]),
  total: z.number(),
  processed: z.number(),
  created_count: z.number(),
  updated_count: z.number(),
  skipped_count: z.number(),
  failed_count: z.number(),
  invalid: z.array(z.string()),
  error: z.string().nullable(),
});
const ZQueued = z.object({
  data: z.object({ id: z.string() }),
  meta: z.object({ invalid: z.array(z.string()) }),
});
const ZItem = z.object({
  imo: z.string(),
  position: z.number(),
  status: z.string(),
  message: z.string().nullable(),
  vessel_name: z.string().nullable(),
});

const RESULT_COLORS: Record<TParseItemStatus, string> = {
  pending: "gray",
  created: "teal",
  updated: "blue",
  skipped: "yellow",
  failed: "red",
};
const isResult = (s: string): s is TParseItemStatus => s in RESULT_COLORS;

/** Progress of one import: polled every second until it ends, then its results, IMO by IMO. */
const ImportProgress = ({ runId }: { runId: string }) => {
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: ["vessel_parse_runs", "one", { id: runId }],
    queryFn: async ({ signal }) =>
      ZRun.parse((await getOne("vessel_parse_runs", runId, {}, signal)).data.attributes),
    refetchInterval: (query) =>
      query.state.data && ["finished", "failed"].includes(query.state.data.status) ? false : 1000,
  });
  const done = run.data && ["finished", "failed"].includes(run.data.status);
  const items = useQuery({
    queryKey: ["vessel_parse_items", "list", { runId }],
    enabled: Boolean(done),
    queryFn: async ({ signal }) => {
      const page = await getManyReference(
        "vessel_parse_items",
        { parentType: "vessel_parse_runs", parentId: runId, path: "items" },
        { page: 1, perPage: 1000, sort: "position" },
        signal,
      );
      // New vessels show in the lists as soon as the import is over.
      void invalidateResource(queryClient, "vessels");
      return page.data.map((d) => {
        const vessel = d.relationships?.vessel?.data;
        return {
          ...ZItem.parse(d.attributes),
          vesselId: vessel && !Array.isArray(vessel) ? vessel.id : null,
        };
      });
    },
  });
  if (!run.data) return <Text c="dimmed">Starting the import…</Text>;
  const r = run.data;
  const percent = r.total ? Math.round((r.processed / r.total) * 100) : 0;
  return (
    <Stack gap="sm" aria-live="polite">
      <Group justify="space-between">
        <Text fw={600}>
          {done
            ? r.status === "failed"
              ? "The import stopped"
              : "The import is finished"
            : `Fetching from the registry: ${r.processed} of ${r.total}`}
        </Text>
        <Badge color={r.status === "failed" ? "red" : done ? "teal" : "blue"} variant="light">
          {r.status}
        </Badge>
      </Group>
      <Progress value={percent} animated={!done} aria-label={`Import progress ${percent}%`} />
      {r.error ? (
        <Alert color={r.status === "failed" ? "red" : "yellow"} icon={<IconAlertTriangle size={18} />}>
          {r.error}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {[
          ["Created", r.created_count, "teal"],
          ["Updated", r.updated_count, "blue"],
          ["Skipped", r.skipped_count, "yellow"],
          ["Failed", r.failed_count, "red"],
        ].map(([label, n, color]) => (
          <div key={String(label)}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text
              fw={700}
              fz="xl"
              c={Number(n) > 0 ? `${String(color)}.7` : undefined}
              data-testid={`import-${String(label).toLowerCase()}`}
            >
              {n}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {items.data ? (
        <ScrollArea.Autosize mah={280} type="auto">
          <Table striped withTableBorder fz="sm" aria-label="Import results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>No.</Table.Th>
                <Table.Th>IMO</Table.Th>
                <Table.Th>Vessel</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.data.map((item) => (
                <Table.Tr key={item.imo}>
                  <Table.Td>{item.position}</Table.Td>
                  <Table.Td>{item.imo}</Table.Td>
                  <Table.Td>
                    {item.vesselId ? (
                      <Anchor component={Link} to={`/vessels/${item.vesselId}/details`} size="sm">
                        {item.vessel_name ?? `#${item.vesselId}`}
                      </Anchor>
                    ) : (
                      (item.vessel_name ?? "—")
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      size="sm"
                      variant="light"
                      color={isResult(item.status) ? RESULT_COLORS[item.status] : "gray"}
                    >
                      {item.status}
                    </Badge>
                    {item.message ? (
                      <Text span size="xs" c="dimmed" ml={6}>
                        {item.message}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}
    </Stack>
  );
};

/**
 * Bulk parse (spec 002 §7, vessels.bulkParse): IMO numbers one a line or separated by commas,
 * up to 1,000; invalid ones are listed, never dropped in silence. New vessels come in as
 * prospects (is_selected), existing ones are refreshed unless "only new".
 */
export const BulkImportDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const [imos, setImos] = useState("");
  const [onlyNew, setOnlyNew] = useState(false);
  const [problem, setProblem] = useState<TRegistryProblem | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [invalid, setInvalid] = useState<string[]>([]);
  const [runId, setRunId] = useState<string | null>(null);
  const count = splitImos(imos).length;

  const close = () => {
    setImos("");
    setOnlyNew(false);
    setProblem(null);
    setFieldError(undefined);
    setInvalid([]);
    setRunId(null);
    onClose();
  };

  const sending = useResourceMutation<{ retry: boolean }, z.output<typeof ZQueued>>({
    mutationFn: () => runActionFor(vessels, "bulk_parse", { input: { imos, only_new: onlyNew } }, ZQueued),
    notice: FLEET_NOTICES.importsAdded,
    onSuccess: (queued) => {
      setProblem(null);
      setInvalid(queued.meta.invalid);
      setRunId(queued.data.id);
    },
    refusal: (error, { retry }) => {
      const found = registryRefusalOf(error);
      if (!found) return false;
      // Right after the account form saved: a refused account goes back to that form.
      if (retry && found.kind !== "other") return true;
      notifyError(found.message, FLEET_NOTICES.importsFailed);
      setProblem(found);
      if (found.kind === "other") setFieldError(found.message);
      return true;
    },
  });

  /**
   * Queues the IMOs. `retry`: right after the account form saved an account; the form stays
   * until the answer and gets Equasis' refusal (its message) back, so it says "saved" only when
   * the account was taken.
   */
  const send = async ({ retry = false } = {}): Promise<string | null> => {
    if (!retry) setProblem(null);
    setFieldError(undefined);
    try {
      await sending.mutateAsync({ retry });
      return null;
    } catch (error) {
      const found = registryRefusalOf(error);
      return retry && found && found.kind !== "other" ? found.message : null;
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Import vessels from the registry" size="lg">
      {runId ? (
        <Stack gap="md">
          {invalid.length ? (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              title={`${invalid.length} entr${invalid.length === 1 ? "y is" : "ies are"} not IMO numbers and were left out`}
            >
              {invalid.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Alert>
          ) : null}
          <ImportProgress runId={runId} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : problem?.kind === "account" ? (
        <EquasisAccountForm reason={problem.message} onSaved={() => send({ retry: true })} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Stack gap="sm">
            <Textarea
              label="IMO numbers"
              description={`One a line, or separated by commas; up to ${formatNumber(MAX_BULK_IMOS)}. New vessels come in as prospects.`}
              autosize
              minRows={6}
              maxRows={14}
              value={imos}
              onChange={(e) => setImos(e.currentTarget.value)}
              error={
                fieldError ??
                (count > MAX_BULK_IMOS ? `At most ${MAX_BULK_IMOS} IMO numbers (${count} given)` : undefined)
              }
              data-autofocus
            />
            <Group justify="space-between">
              <Checkbox
                label="Only new vessels (skip those in the fleet)"
                checked={onlyNew}
                onChange={(e) => setOnlyNew(e.currentTarget.checked)}
              />
              <Text size="sm" c="dimmed">
                {count} entr{count === 1 ? "y" : "ies"}
              </Text>
            </Group>
            {problem?.kind === "login" ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} />}>
                {problem.message}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={sending.isPending}
                disabled={count === 0 || count > MAX_BULK_IMOS}
              >
                Add IMOs to parse
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};
