import {
  ZSurveySendToTagAnswer,
  surveySchemas,
  type TSurveySendToTagAnswer,
  type TSurveyTagCount,
} from "@crew/contracts";
import { Alert, Button, Group, Loader, Progress, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { firstErrorMessage } from "../../api";
import { runActionFor } from "../../api/run-action";
import { CopyLinkButton } from "../../lib/CopyLinkButton";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { useBackgroundTask } from "../applicants/use-background-task";
import { tagCountOf, tagCountText } from "./survey-tag-count";

interface TProps {
  surveyId: string;
  onClose: () => void;
  /** The send went: the dialog keeps this outcome on screen (its links are shown only here). */
  onSent: () => void;
}

const ZDeliveryResult = z.object({ sent: z.number(), failed: z.number(), queued: z.number() });

/** Asks the server who a send would reach: it answers with a 409 carrying the count, writing nothing. */
const fetchCount = async (surveyId: string, tagId: string): Promise<TSurveyTagCount> => {
  try {
    await runActionFor(
      surveySchemas,
      "send_to_tag",
      { id: surveyId, input: { tag_id: tagId } },
      ZSurveySendToTagAnswer,
    );
  } catch (error) {
    const count = tagCountOf(error);
    if (count) return count;
    throw error;
  }
  throw new Error("The server sent the survey without a confirmed count");
};

/**
 * Sends a survey to every seafarer of a tag (docs/tasks.md "Sending a survey to a tag"): pick the
 * tag, read "N seafarers, M without Telegram", confirm that count; then the Telegram delivery's
 * progress and, for those without Telegram, their links to pass on. Nothing is sent before the
 * confirm; a tag that changed since the count shows the new count to confirm again.
 */
export const SurveyTagSend = ({ surveyId, onClose, onSent }: TProps) => {
  const [tagId, setTagId] = useState<string | null>(null);
  const [changed, setChanged] = useState<TSurveyTagCount | null>(null);
  const [answer, setAnswer] = useState<TSurveySendToTagAnswer["data"] | null>(null);
  const count = useQuery({
    queryKey: ["survey_tag_count", surveyId, tagId ?? ""],
    queryFn: () => fetchCount(surveyId, tagId ?? ""),
    enabled: tagId !== null && answer === null,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
  const shown = changed ?? count.data ?? null;
  const send = useResourceMutation({
    mutationFn: (confirm: number) =>
      runActionFor(
        surveySchemas,
        "send_to_tag",
        { id: surveyId, input: { tag_id: tagId ?? "", confirm } },
        ZSurveySendToTagAnswer,
      ),
    invalidates: ["survey_responses", "chat_messages", "background_tasks"],
    notice: (a) => a.meta?.message,
    onSuccess: (a) => {
      setAnswer(a.data);
      onSent();
    },
    refusal: (error) => {
      const fresh = tagCountOf(error);
      if (fresh) setChanged(fresh);
      return fresh !== null;
    },
  });

  if (answer) return <TagSendOutcome answer={answer} onClose={onClose} />;
  const text = shown ? tagCountText(shown) : null;
  return (
    <Stack gap="sm">
      <RelationshipSelect
        type="tags"
        label="Tag"
        placeholder="Pick a tag"
        value={tagId}
        onChange={(value) => {
          setTagId(value);
          setChanged(null);
        }}
      />
      {tagId !== null && count.isFetching && !shown ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Counting the seafarers of the tag…</Text>
        </Group>
      ) : null}
      {count.isError ? (
        <Alert color="red" variant="light">
          {firstErrorMessage(count.error)}
        </Alert>
      ) : null}
      {shown && text ? (
        <Stack gap={4} data-testid="survey-tag-count">
          {changed ? (
            <Alert color="yellow" variant="light" title="The tag changed since the count">
              Read the new count and confirm again.
            </Alert>
          ) : null}
          <Text fw={600}>{text.reach}</Text>
          {text.left ? (
            <Text size="sm" c="dimmed">
              {text.left}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <Alert variant="light" color="blue">
        Each seafarer of the tag gets a personal link that works for 30 days and takes one set of answers.
        Those on Telegram receive it from the company bot; for the others you get the links to pass on here
        (only now: the server keeps no copy). Seafarers who answered or hold an open link are left alone.
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!shown || shown.reach === 0 || count.isFetching}
          loading={send.isPending}
          onClick={() => shown && send.mutate(shown.reach)}
        >
          {shown && shown.reach > 0
            ? `Send to ${shown.reach === 1 ? "1 seafarer" : `${shown.reach} seafarers`}`
            : "Send"}
        </Button>
      </Group>
    </Stack>
  );
};

/** After the confirm: the Telegram delivery's progress and final counts, and the links to pass on. */
const TagSendOutcome = ({
  answer,
  onClose,
}: {
  answer: TSurveySendToTagAnswer["data"];
  onClose: () => void;
}) => {
  const task = useBackgroundTask(answer.background_task_id);
  const attributes = task.data?.attributes;
  const done = attributes?.done ?? 0;
  const total = attributes?.total ?? answer.on_telegram;
  const finished = attributes?.status === "done" || attributes?.status === "failed";
  const result = ZDeliveryResult.safeParse(attributes?.result);
  const allLinks = answer.links.map((l) => `${l.name}\t${l.url}`).join("\n");
  return (
    <Stack gap="sm" data-testid="survey-tag-sent">
      <Text size="sm">
        {answer.reach === 1 ? "1 link" : `${answer.reach} links`} made for the tag “{answer.tag}”:{" "}
        {answer.on_telegram} on Telegram, {answer.without_telegram} to pass on.
      </Text>
      {answer.background_task_id !== null ? (
        <Stack gap={4} data-testid="survey-tag-progress">
          <Text size="sm">
            {finished
              ? attributes?.status === "failed"
                ? `Telegram delivery stopped: ${attributes.error ?? "unknown error"}`
                : result.success
                  ? `Telegram delivery finished: ${result.data.sent} sent, ${result.data.failed} failed.`
                  : "Telegram delivery finished."
              : `Sending on Telegram: ${done} of ${total}`}
          </Text>
          <Progress
            value={total > 0 ? Math.round((done / total) * 100) : 0}
            color={finished ? (result.success && result.data.failed > 0 ? "orange" : "teal") : "blue"}
            animated={!finished}
            aria-label="Telegram delivery"
          />
          {finished && result.success && result.data.failed > 0 ? (
            <Text size="xs" c="dimmed">
              The failed ones show why in each seafarer's chat (blocked the bot, account deleted).
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {answer.links.length ? (
        <>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Links to pass on
            </Text>
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Copy all
              </Text>
              <CopyLinkButton value={allLinks} label="Copy all links (name and link per line)" />
            </Group>
          </Group>
          <ScrollArea.Autosize mah={300}>
            <Table>
              <Table.Tbody>
                {answer.links.map((l) => (
                  <Table.Tr key={l.user_id}>
                    <Table.Td>
                      {l.name}
                      <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }} data-testid="survey-link">
                        {l.url}
                      </Text>
                    </Table.Td>
                    <Table.Td w={40}>
                      <CopyLinkButton value={l.url} label={`Copy the link for ${l.name}`} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
};
