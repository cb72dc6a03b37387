import {
  CHAT_BODY_MAX,
  CHAT_BROADCAST_KIND,
  CHAT_NOTICES,
  ZChatBroadcastResult,
  backgroundTasks,
  chatMessages,
  type TChatBroadcastResult,
} from "@crew/contracts";
import { Alert, Button, Group, Modal, Paper, Progress, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { getList, recordOf, runActionFor } from "../../api";
import { formatNumber } from "../../lib/numbers";
import { useNarrowScreen } from "../../lib/use-narrow-screen";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useFormGuard } from "../../resources/form/form-guard";
import { useApplicantChoices } from "./use-applicant-choices";
import { useBackgroundTask } from "./use-background-task";

const ZCount = z.object({
  data: z.object({ tag_id: z.number(), tag: z.string(), seafarers: z.number(), linked: z.number() }),
});
export type TBroadcastCount = z.output<typeof ZCount>["data"];
const ZStarted = z.object({ data: ZCount.shape.data.extend({ background_task_id: z.coerce.string() }) });
const ZParams = z.object({ tag: z.string().catch("") }).catch({ tag: "" });

/** The broadcast the screen follows: its task and the tag it went to. */
export interface TBroadcastTask {
  id: string;
  tag: string;
}

const seafarers = (n: number) => (n === 1 ? "1 seafarer" : `${formatNumber(n)} seafarers`);

/** "3 seafarers will get it (2 of the tag have no Telegram link and will not)". */
export const audienceText = (count: TBroadcastCount): string => {
  const unlinked = count.seafarers - count.linked;
  if (count.seafarers === 0) return "No seafarer you can see has this tag.";
  if (count.linked === 0)
    return `None of the tag's ${seafarers(count.seafarers)} has linked Telegram: nobody would get it.`;
  const will = `${seafarers(count.linked)} will get it`;
  if (unlinked === 0) return `${will}.`;
  const verb = unlinked === 1 ? "has" : "have";
  return `${will} (${formatNumber(unlinked)} of the tag ${verb} no Telegram link and will not).`;
};

/** A broadcast task's counts: sent and failed so far (the job adds each as it settles). */
export const broadcastResult = (result: unknown): TChatBroadcastResult => {
  const parsed = ZChatBroadcastResult.safeParse(result);
  return parsed.success ? parsed.data : { sent: 0, failed: 0 };
};

/** The progress of a broadcast (sent, failed, of all) and, at the end, its outcome. */
export const BroadcastProgress = ({ taskId, tag }: { taskId: string; tag: string }) => {
  const task = useBackgroundTask(taskId);
  const attributes = task.data?.attributes;
  if (!attributes) return <Text size="sm">Reading the broadcast…</Text>;
  const total = attributes.total ?? 0;
  const { sent, failed } = broadcastResult(attributes.result);
  const status = attributes.status;
  const share = (n: number) => (total > 0 ? (n / total) * 100 : 0);
  const finished = status === "done" || status === "failed";
  return (
    <Stack gap="sm" data-testid="broadcast-progress" data-status={status}>
      <Text size="sm">
        To the seafarers tagged <b>{tag || ZParams.parse(attributes.params).tag}</b> on Telegram.
      </Text>
      <Progress.Root size="xl" aria-label={`Sent ${sent} of ${total}`}>
        <Progress.Section value={share(sent)} color="teal" animated={!finished} />
        <Progress.Section value={share(failed)} color="red" />
      </Progress.Root>
      <Group gap="lg" data-testid="broadcast-counts">
        <Text size="sm">
          <b>{formatNumber(sent)}</b> sent
        </Text>
        <Text size="sm" c={failed ? "red" : undefined}>
          <b>{formatNumber(failed)}</b> failed
        </Text>
        <Text size="sm" c="dimmed">
          of {formatNumber(total)}
        </Text>
      </Group>
      {status === "done" ? (
        <Alert
          color={failed ? "orange" : "teal"}
          icon={failed ? <IconAlertTriangle size={18} /> : <IconCheck size={18} />}
          title="The broadcast is finished"
          data-testid="broadcast-summary"
        >
          Sent to {seafarers(sent)} of {formatNumber(total)}.
          {failed
            ? ` ${formatNumber(failed)} could not be reached (a blocked bot, a deleted account): each one's chat shows why.`
            : ""}
        </Alert>
      ) : status === "failed" ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The broadcast stopped">
          {attributes.error ?? "The task stopped."}
        </Alert>
      ) : (
        <Text size="xs" c="dimmed">
          Sending at Telegram&apos;s pace. You can close this window: the broadcast goes on, and
          &ldquo;Message a tag&rdquo; shows it again.
        </Text>
      )}
    </Stack>
  );
};

/** The newest broadcast of the signed-in user still running (one started before a reload). */
const useRunningBroadcast = (enabled: boolean) =>
  useQuery({
    queryKey: ["background_tasks", "running-broadcast"],
    queryFn: async ({ signal }) => {
      const list = await getList("background_tasks", { sort: "-created_at", perPage: 20 }, signal);
      const running = list.data
        .map((row) => recordOf(backgroundTasks, row))
        .find(
          (t) =>
            t.attributes.kind === CHAT_BROADCAST_KIND &&
            (t.attributes.status === "queued" || t.attributes.status === "running"),
        );
      return running ? { id: running.id, tag: ZParams.parse(running.attributes.params).tag } : null;
    },
    enabled,
    staleTime: 0,
  });

export interface TBroadcastDialogProps {
  onClose: () => void;
  /** The broadcast followed: its progress shows in place of the form. */
  task: TBroadcastTask | null;
  onTask: (task: TBroadcastTask | null) => void;
}

/**
 * "Message a tag" (issue 19): one Telegram message to every seafarer of a tag who linked
 * Telegram. Pick the tag and write: the count shows who will get it and who will not; Review
 * shows all of it and only Send there queues it (with the count confirmed, a 409 if the tag
 * changed meanwhile). Then the progress, which goes on when the dialog closes.
 */
export const BroadcastDialog = ({ onClose, task, onTask }: TBroadcastDialogProps) => {
  const narrow = useNarrowScreen();
  const choices = useApplicantChoices();
  const [tagId, setTagId] = useState<string | null>(null);
  const [body, setBody] = useState("");
  const [step, setStep] = useState<"write" | "review">("write");
  const guard = useFormGuard(onClose, task === null && (tagId !== null || body.trim() !== ""));

  // Opened with no broadcast in hand: one still running (started before a reload) shows.
  const running = useRunningBroadcast(task === null);
  const looked = useRef(false);
  useEffect(() => {
    if (looked.current || !running.isFetchedAfterMount) return;
    looked.current = true;
    if (task === null && running.data) onTask(running.data);
  }, [task, running.data, running.isFetchedAfterMount, onTask]);

  const count = useQuery({
    queryKey: ["chat_messages", "broadcast_count", tagId ?? ""],
    queryFn: async ({ signal }) =>
      (
        await runActionFor(chatMessages, "broadcast_count", { input: { tag_id: Number(tagId) } }, ZCount, {
          signal,
        })
      ).data,
    enabled: tagId !== null,
    staleTime: 0,
  });
  const audience = tagId !== null ? count.data : undefined;

  const send = useResourceMutation<TBroadcastCount, z.output<typeof ZStarted>>({
    mutationFn: (shown) =>
      runActionFor(
        chatMessages,
        "broadcast",
        { input: { tag_id: shown.tag_id, body: body.trim(), confirm: shown.linked } },
        ZStarted,
      ),
    notice: CHAT_NOTICES.broadcast,
    invalidates: [chatMessages],
    onSuccess: (answer) => {
      guard.finish();
      setStep("write");
      setTagId(null);
      setBody("");
      onTask({ id: answer.data.background_task_id, tag: answer.data.tag });
    },
    // The tag changed since the count (a 409), or lost its last linked seafarer: count again.
    onFailure: () => void count.refetch(),
  });

  const tooLong = body.trim().length > CHAT_BODY_MAX;
  const ready = audience !== undefined && audience.linked > 0 && body.trim() !== "" && !tooLong;
  const title = guard.asking
    ? "Discard your message?"
    : task
      ? `Message to "${task.tag}"`
      : step === "review"
        ? "Send this message?"
        : "Message a tag on Telegram";

  return (
    <Modal
      opened
      onClose={guard.asking ? guard.keepEditing : guard.requestClose}
      title={title}
      size="lg"
      fullScreen={narrow}
      data-testid="broadcast-dialog"
    >
      {guard.confirm}
      <Stack display={guard.asking ? "none" : undefined}>
        {task ? (
          <>
            <BroadcastProgress taskId={task.id} tag={task.tag} />
            <BroadcastActions task={task} onClose={onClose} onNew={() => onTask(null)} />
          </>
        ) : step === "write" ? (
          <>
            <Select
              label="Tag"
              placeholder="Pick a tag"
              searchable
              data={(choices.data?.tags ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={tagId}
              onChange={setTagId}
              nothingFoundMessage="No such tag"
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
            <Textarea
              label="Message"
              placeholder="The vacancy, the question: what every seafarer of the tag reads in Telegram"
              autosize
              minRows={4}
              maxRows={12}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={tooLong ? `is too long (maximum is ${CHAT_BODY_MAX} characters)` : undefined}
            />
            <Text size="sm" data-testid="broadcast-count" c={audience?.linked === 0 ? "orange" : undefined}>
              {tagId === null
                ? "Pick a tag to see who will get it."
                : audience
                  ? audienceText(audience)
                  : count.isError
                    ? "The tag could not be counted."
                    : "Counting…"}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={guard.requestClose}>
                Cancel
              </Button>
              <Button disabled={!ready} onClick={() => setStep("review")}>
                Review
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              Tag <b>{audience?.tag}</b>: {audience ? audienceText(audience) : "counting…"}
            </Text>
            <Paper withBorder p="sm" bg="var(--mantine-color-gray-light)">
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {body.trim()}
              </Text>
            </Paper>
            <Text size="xs" c="dimmed">
              Each one gets it from the company&apos;s bot as a message of their own chat. Nothing is sent
              until you press Send.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setStep("write")} disabled={send.isPending}>
                Back
              </Button>
              <Button
                disabled={!ready || count.isFetching}
                loading={send.isPending}
                onClick={() => audience && send.mutate(audience)}
              >
                {audience ? `Send to ${seafarers(audience.linked)}` : "Send"}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
};

const BroadcastActions = ({
  task,
  onClose,
  onNew,
}: {
  task: TBroadcastTask;
  onClose: () => void;
  onNew: () => void;
}) => {
  const status = useBackgroundTask(task.id).data?.attributes.status;
  const finished = status === "done" || status === "failed";
  return (
    <Group justify="flex-end" gap="sm">
      {finished ? (
        <Button variant="default" onClick={onNew}>
          New message
        </Button>
      ) : null}
      <Button onClick={onClose}>Close</Button>
    </Group>
  );
};
