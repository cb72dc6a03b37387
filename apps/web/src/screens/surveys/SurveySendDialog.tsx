import { SURVEY_SEND_MAX, ZSurveySendAnswer, surveySchemas, type TSurveySendAnswer } from "@crew/contracts";
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { IconBrandTelegram, IconLink } from "@tabler/icons-react";
import { useState } from "react";
import { CopyLinkButton } from "../../lib/CopyLinkButton";
import { runActionFor } from "../../api/run-action";
import { RelationshipMultiSelect } from "../../resources/form/RelationshipMultiSelect";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { SurveyTagSend } from "./SurveyTagSend";

interface TProps {
  surveyId: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Sends a survey to the seafarers staff pick (POST /api/survey_schemas/{id}/send): those who
 * linked Telegram get it as a message from the bot; for the others a personal link comes back
 * to copy and pass on. Nothing is sent before "Send" and the dialog says how it will go. "A tag"
 * sends to every seafarer of a tag after confirming the count (SurveyTagSend).
 */
export const SurveySendDialog = ({ surveyId, title, opened, onClose }: TProps) => {
  const [userIds, setUserIds] = useState<string[]>([]);
  const [answer, setAnswer] = useState<TSurveySendAnswer["data"] | null>(null);
  const [mode, setMode] = useState<"seafarers" | "tag">("seafarers");
  // Once a send to a tag went, its outcome stays (switching away would lose its links).
  const [tagSent, setTagSent] = useState(false);
  const send = useResourceMutation({
    mutationFn: (ids: string[]) =>
      runActionFor(surveySchemas, "send", { id: surveyId, input: { user_ids: ids } }, ZSurveySendAnswer),
    invalidates: ["survey_responses", "chat_messages"],
    notice: (a) => a.meta?.message,
    onSuccess: (a) => setAnswer(a.data),
  });
  const close = () => {
    setUserIds([]);
    setAnswer(null);
    setMode("seafarers");
    setTagSent(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Send “${title}”`} size="lg">
      {answer === null && !tagSent ? (
        <SegmentedControl
          mb="sm"
          value={mode}
          onChange={(v) => setMode(v === "tag" ? "tag" : "seafarers")}
          data={[
            { value: "seafarers", label: "Seafarers" },
            { value: "tag", label: "A tag" },
          ]}
          aria-label="Send to"
        />
      ) : null}
      {mode === "tag" && answer === null ? (
        <SurveyTagSend surveyId={surveyId} onClose={close} onSent={() => setTagSent(true)} />
      ) : answer ? (
        <Stack gap="sm" data-testid="survey-sent">
          <Text size="sm">
            {answer.sent.filter((s) => s.channel === "telegram").length} sent on Telegram,{" "}
            {answer.sent.filter((s) => s.channel === "link").length} links to pass on
            {answer.skipped.length ? `, ${answer.skipped.length} skipped` : ""}.
          </Text>
          <ScrollArea.Autosize mah={360}>
            <Table>
              <Table.Tbody>
                {answer.sent.map((s) => (
                  <Table.Tr key={s.user_id}>
                    <Table.Td>
                      {s.name}
                      {s.channel === "link" && (
                        <Text
                          size="xs"
                          c="dimmed"
                          style={{ wordBreak: "break-all" }}
                          data-testid="survey-link"
                        >
                          {s.url}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {s.channel === "telegram" ? (
                        <Badge leftSection={<IconBrandTelegram size={12} />} variant="light">
                          On Telegram
                        </Badge>
                      ) : (
                        <Badge leftSection={<IconLink size={12} />} variant="light" color="gray">
                          Link to pass on
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <CopyLinkButton value={s.url} label={`Copy the link for ${s.name}`} />
                    </Table.Td>
                  </Table.Tr>
                ))}
                {answer.skipped.map((s) => (
                  <Table.Tr key={s.user_id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td colSpan={2}>
                      <Text size="sm" c="dimmed">
                        Skipped: {s.reason}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <RelationshipMultiSelect
            type="users"
            label="Seafarers"
            placeholder="Type a name"
            value={userIds}
            onChange={setUserIds}
            maxValues={SURVEY_SEND_MAX}
          />
          <Alert variant="light" color="blue">
            Each seafarer gets a personal link that works for 30 days and takes one set of answers. Seafarers
            who linked Telegram receive it from the company bot; for the others you get the link to pass on. A
            seafarer who already answered is skipped; an unanswered link is replaced by the new one.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={userIds.length === 0}
              loading={send.isPending}
              onClick={() => send.mutate(userIds)}
            >
              {userIds.length === 1 ? "Send to 1 seafarer" : `Send to ${userIds.length} seafarers`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
