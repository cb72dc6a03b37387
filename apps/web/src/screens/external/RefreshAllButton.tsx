import {
  CREW_SITE_SOURCES,
  EXTERNAL_SOURCE_LABELS,
  externalObjectVersions,
  type TCrewSiteSource,
} from "@crew/contracts";
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Progress,
  SegmentedControl,
  Stack,
  Text,
} from "@mantine/core";
import { IconCloudDownload } from "@tabler/icons-react";
import { useState } from "react";
import { z } from "zod";
import { isApiError, runActionFor } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useBackgroundTask } from "../applicants/use-background-task";

const ZCount = z.object({
  data: z.object({
    source: z.enum(CREW_SITE_SOURCES),
    days: z.number(),
    count: z.number(),
    background_task_id: z.number().optional(),
  }),
});
const ZResult = z
  .object({ updated: z.number(), unchanged: z.number(), failed: z.number() })
  .partial()
  .catch({});

/**
 * "Refresh all" (issue 19 §2; docs/outside-channels.md): refreshes from a crew job site every
 * applicant with that site's id whose record changed in the last days. The dialog asks the
 * server how many first and queues nothing until the user confirms that count; then the task's
 * progress and its final counts (updated, unchanged, failed). Each applicant gets a version to
 * accept on its Outside sites tab: nothing of the applicants changes by itself.
 */
export const RefreshAllButton = ({ onFinished }: { onFinished?: () => void }) => {
  const [opened, setOpened] = useState(false);
  const [source, setSource] = useState<TCrewSiteSource>("ukr_crewing");
  const [days, setDays] = useState<number>(7);
  const [count, setCount] = useState<number | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const task = useBackgroundTask(taskId);
  const site = EXTERNAL_SOURCE_LABELS[source];

  const reset = () => {
    setCount(null);
    setProblem(null);
  };
  const close = () => {
    setOpened(false);
    setTaskId(null);
    reset();
  };
  const failure = (error: unknown) => {
    if (!isApiError(error)) return false;
    const first = error.apiErrors[0];
    const moved = first?.meta?.count;
    if (error.status === 409 && typeof moved === "number") {
      setCount(moved);
      setProblem(`The count changed: ${moved} applicants match now. Look again and confirm.`);
      return true;
    }
    setProblem(error.apiErrors.map((e) => e.detail ?? e.title).join(" ") || error.message);
    return true;
  };
  const counting = useResourceMutation({
    mutationFn: () =>
      runActionFor(externalObjectVersions, "refresh_all", { input: { source, days } }, ZCount),
    onSuccess: (answer) => {
      setProblem(null);
      setCount(answer.data.count);
    },
    refusal: failure,
  });
  const queueing = useResourceMutation({
    mutationFn: (confirm: number) =>
      runActionFor(externalObjectVersions, "refresh_all", { input: { source, days, confirm } }, ZCount),
    onSuccess: (answer) => {
      setProblem(null);
      setTaskId(String(answer.data.background_task_id));
    },
    refusal: failure,
  });

  const t = task.data?.attributes;
  const finished = t?.status === "done" || t?.status === "failed";
  const result = ZResult.parse(t?.result);
  const total = t?.total ?? 0;
  const done = t?.done ?? 0;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const validDays = Number.isInteger(days) && days >= 1 && days <= 365;

  return (
    <>
      <Button variant="default" leftSection={<IconCloudDownload size={16} />} onClick={() => setOpened(true)}>
        Refresh from sites
      </Button>
      <Modal
        opened={opened}
        onClose={() => {
          if (finished) onFinished?.();
          close();
        }}
        title="Refresh applicants from a crew job site"
      >
        <Stack>
          {taskId === null ? (
            <>
              <Text size="sm">
                Fetches each applicant&apos;s profile from the site, one at a time. Nothing of the applicants
                changes: what differs waits on their Outside sites tab for you to accept.
              </Text>
              <SegmentedControl
                aria-label="Site"
                value={source}
                onChange={(v) => {
                  setSource(v);
                  reset();
                }}
                data={CREW_SITE_SOURCES.map((s) => ({ value: s, label: EXTERNAL_SOURCE_LABELS[s] }))}
              />
              <NumberInput
                label="Applicants changed in the last … days"
                min={1}
                max={365}
                value={days}
                onChange={(v) => {
                  setDays(typeof v === "number" ? v : Number(v));
                  reset();
                }}
                error={validDays ? undefined : "1 to 365 days"}
              />
              {count === null ? (
                <Button onClick={() => counting.mutate()} loading={counting.isPending} disabled={!validDays}>
                  Count applicants
                </Button>
              ) : (
                <>
                  <Text data-testid="refresh-all-count">
                    {count === 0
                      ? `No applicant with a ${site} id changed in the last ${days} days.`
                      : `${count} applicants with a ${site} id changed in the last ${days} days will be refreshed from ${site}.`}
                  </Text>
                  <Group justify="flex-end">
                    <Button variant="default" onClick={close}>
                      Cancel
                    </Button>
                    <Button
                      onClick={() => queueing.mutate(count)}
                      loading={queueing.isPending}
                      disabled={count === 0}
                    >
                      Refresh {count} applicants
                    </Button>
                  </Group>
                </>
              )}
            </>
          ) : (
            <>
              <Text size="sm">
                Refreshing from {site}
                {t ? `: ${done} of ${total}` : "…"}
              </Text>
              <Progress value={finished ? 100 : percent} aria-label="Progress" animated={!finished} />
              {t?.status === "done" ? (
                <Text data-testid="refresh-all-result">
                  Done: {result.updated ?? 0} updated, {result.unchanged ?? 0} unchanged, {result.failed ?? 0}{" "}
                  failed.
                </Text>
              ) : null}
              {t?.status === "failed" ? (
                <Alert color="red" title="The refresh stopped">
                  {t.error} ({result.updated ?? 0} updated, {result.unchanged ?? 0} unchanged,{" "}
                  {result.failed ?? 0} failed before it stopped)
                </Alert>
              ) : null}
              {finished ? (
                <Group justify="flex-end">
                  <Button
                    onClick={() => {
                      onFinished?.();
                      close();
                    }}
                  >
                    Close
                  </Button>
                </Group>
              ) : null}
            </>
          )}
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
};
