import { CHAT_BODY_MAX, chatMessages, formatDateTime } from "@crew/contracts";
import { Alert, Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from "@mantine/core";
import { IconBrandTelegram, IconLink, IconPaperclip, IconSend } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { z } from "zod";
import { apiPaths, firstErrorMessage, get } from "../../api";
import { runActionFor } from "../../api/run-action";
import { useLiveChanges } from "../../api/use-live-changes";
import { fieldErrorsOf } from "../../errors/field-errors";
import { CopyLinkButton } from "../../lib/CopyLinkButton";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";

/** Spec 001 §4 "Chat sending": the history is read again this long after a send. */
export const CHAT_RELOAD_WAIT_MS = 2000;

const ZMessage = z.object({
  id: z.string(),
  attributes: z.object({
    body: z.string(),
    direction: z.enum(["in", "out"]),
    status: z.string(),
    error: z.string().nullable(),
    author_name: z.string().nullable(),
    file_kind: z.string().nullable(),
    file_name: z.string().nullable(),
    created_at: z.string(),
  }),
});
type TMessage = z.infer<typeof ZMessage>;
const ZList = z.object({ data: z.array(ZMessage) });
const ZStatus = z.object({
  data: z.object({ configured: z.boolean(), bot_username: z.string().nullable() }),
});
const ZLink = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });
const ZSent = z.object({ data: ZMessage });

const parent = chatMessages.parents[0];

const STATUS_LABEL: Record<string, { label: string; color: string }> = {
  queued: { label: "Sending…", color: "gray" },
  sent: { label: "Sent", color: "teal" },
  failed: { label: "Not delivered", color: "red" },
};

const Bubble = ({ m }: { m: TMessage }) => {
  const a = m.attributes;
  const mine = a.direction === "out";
  const state = STATUS_LABEL[a.status];
  return (
    <Group
      justify={mine ? "flex-end" : "flex-start"}
      wrap="nowrap"
      data-testid="chat-message"
      data-direction={a.direction}
    >
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="min(85%, 560px)"
        bg={mine ? "var(--mantine-color-blue-light)" : "var(--mantine-color-default-hover)"}
        withBorder={a.status === "failed"}
        style={a.status === "failed" ? { borderColor: "var(--mantine-color-red-5)" } : undefined}
      >
        {a.file_kind ? (
          <Group gap={4} mb={2}>
            <IconPaperclip size={14} />
            <Text size="xs" c="dimmed">
              {a.file_kind === "photo" ? "Photo" : (a.file_name ?? "Document")}
            </Text>
          </Group>
        ) : null}
        {a.body ? (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {a.body}
          </Text>
        ) : null}
        <Group gap={6} mt={2} justify="flex-end" wrap="wrap">
          <Text size="xs" c="dimmed">
            {mine ? (a.author_name ?? "Bot") : "Seafarer"} · {formatDateTime(a.created_at)}
          </Text>
          {mine && state ? (
            <Badge size="xs" variant="light" color={state.color} radius="sm" tt="none">
              {state.label}
            </Badge>
          ) : null}
        </Group>
        {a.error ? (
          <Text size="xs" c="red" mt={2}>
            {a.error}
          </Text>
        ) : null}
      </Paper>
    </Group>
  );
};

/**
 * The applicant's Telegram chat (issue 19; docs/outside-channels.md): newest first, the
 * seafarer's messages left, ours right with their delivery state; a send clears the box and
 * reads the history again after 2000 ms (spec 001 §4), and every change on the live channel
 * reads it again at once (the seafarer's answer appears by itself).
 */
export const ChatPanel = ({ userId, linked, name }: { userId: string; linked: boolean; name: string }) => {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const key = ["chat_messages", "chat", userId] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      ZList.parse(
        await get(
          parent ? apiPaths.nested(chatMessages, parent, userId) : `/users/${userId}/chat_messages`,
          { sort: "-created_at", page: { size: 999, number: 1 } },
          { signal },
        ),
      ).data,
  });
  const status = useQuery({
    queryKey: ["chat_messages", "status"],
    queryFn: async ({ signal }) => (await runActionFor(chatMessages, "status", {}, ZStatus, { signal })).data,
    staleTime: 60_000,
  });
  useLiveChanges(["chat_messages"], () => void queryClient.invalidateQueries({ queryKey: key }));
  // A new applicant: a fresh chat (spec 001 §4: the chat list resets when another id loads).
  useEffect(() => {
    setDraft("");
    setError(null);
    setLink(null);
  }, [userId]);

  const canSend = can("tgChat", "create");
  // A refused send or link shows its words under the box (the field's message when it names
  // one), not as a notice: the user is looking at the box.
  const sendMessage = useResourceMutation({
    mutationFn: (body: string) =>
      runActionFor(chatMessages, "send", { input: { to: Number(userId), body } }, ZSent),
    onSuccess: async (sent) => {
      setDraft("");
      // The created message goes to the front at once; the history is read again after the wait.
      queryClient.setQueryData<TMessage[]>(key, (old) => [
        sent.data,
        ...(old ?? []).filter((m) => m.id !== sent.data.id),
      ]);
      await new Promise((r) => setTimeout(r, CHAT_RELOAD_WAIT_MS));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    refusal: (e) => {
      setError(fieldErrorsOf(e).body ?? fieldErrorsOf(e).to ?? firstErrorMessage(e));
      return true;
    },
  });
  const sending = sendMessage.isPending;
  const send = () => {
    const body = draft.trim();
    if (!body || sending) return;
    setError(null);
    sendMessage.mutate(body);
  };
  const linkMaker = useResourceMutation({
    mutationFn: () => runActionFor(chatMessages, "link", { input: { user_id: Number(userId) } }, ZLink),
    notice: "The link is ready: send it to the seafarer",
    onSuccess: (made) => setLink(made.data.url),
    refusal: (e) => {
      setError(firstErrorMessage(e));
      return true;
    },
  });
  const makeLink = () => {
    setError(null);
    linkMaker.mutate();
  };

  const configured = status.data?.configured ?? true;
  return (
    <Stack gap="sm" maw={860}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={6}>
          <IconBrandTelegram size={20} color="var(--mantine-color-blue-6)" />
          <Text fw={600}>Telegram chat with {name}</Text>
          {status.data?.bot_username ? (
            <Text size="sm" c="dimmed">
              via @{status.data.bot_username}
            </Text>
          ) : null}
        </Group>
        {canSend && configured ? (
          <Button variant="light" size="xs" leftSection={<IconLink size={14} />} onClick={() => makeLink()}>
            {linked ? "New Telegram link" : "Telegram link"}
          </Button>
        ) : null}
      </Group>
      {!configured ? (
        <Alert color="gray" title="No Telegram bot">
          This server has no Telegram bot configured (TELEGRAM_BOT_TOKEN).
        </Alert>
      ) : null}
      {link ? (
        <Alert color="blue" title="One-time link for the seafarer" data-testid="telegram-link">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {link}
            </Text>
            <CopyLinkButton value={link} />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            When the seafarer opens it and presses Start, their Telegram is linked to this record.
          </Text>
        </Alert>
      ) : null}
      {configured && !linked ? (
        <Alert color="yellow" title="Not linked yet">
          {name} has not linked Telegram. Send them the Telegram link; messages can be sent once they open it.
        </Alert>
      ) : null}
      {canSend && linked && configured ? (
        <Box>
          <Textarea
            aria-label="Message"
            placeholder="Write a message… (Ctrl+Enter sends)"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={CHAT_BODY_MAX}
            value={draft}
            error={error}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) send();
            }}
          />
          <Group justify="flex-end" mt="xs">
            <Button
              leftSection={<IconSend size={16} />}
              loading={sending}
              disabled={!draft.trim()}
              onClick={() => send()}
            >
              Send
            </Button>
          </Group>
        </Box>
      ) : error ? (
        <Text c="red" size="sm">
          {error}
        </Text>
      ) : null}
      <Paper withBorder p="sm" radius="md">
        {list.isPending ? (
          <Stack gap="xs">
            <Skeleton h={36} w="60%" />
            <Skeleton h={36} w="50%" ml="auto" />
          </Stack>
        ) : list.isError ? (
          <Text c="red" size="sm">
            {firstErrorMessage(list.error)}
          </Text>
        ) : list.data.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            No messages yet.
          </Text>
        ) : (
          <Stack gap="xs" aria-label="Messages, newest first" role="log">
            {list.data.map((m) => (
              <Bubble key={m.id} m={m} />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
};
