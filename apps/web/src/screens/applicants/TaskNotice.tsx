import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconLoader2, IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { downloadFile } from "../../api";
import { useBackgroundTask } from "./use-background-task";

export interface TTaskNoticeProps {
  taskId: string;
  /** "Tagging applicants", "Exporting applicants". */
  label: string;
  /** Download the task's file when it is done (an export). */
  download?: boolean;
  onDone: (ok: boolean) => void;
  /** The outcome line of a finished task (default: how many applicants). */
  summary?: (attributes: { total: number; result: unknown }) => string;
}

/**
 * Shows a queued task's progress in a notice that follows it (done / total), then its outcome;
 * an export's file downloads when it is ready and stays a button in the notice. Renders nothing
 * itself: mount it while the task matters.
 */
export const TaskNotice = ({ taskId, label, download = false, onDone, summary }: TTaskNoticeProps) => {
  const task = useBackgroundTask(taskId);
  const id = `task-${taskId}`;
  const finished = useRef(false);
  const shown = useRef(false);
  const attributes = task.data?.attributes;

  useEffect(() => {
    if (!attributes || finished.current) return;
    const { status, error, file } = attributes;
    const done = attributes.done ?? 0;
    const total = attributes.total ?? 0;
    const percent = total > 0 ? Math.round((done / total) * 100) : status === "done" ? 100 : 0;
    if (status === "done" || status === "failed") {
      finished.current = true;
      const url = file?.url;
      if (!shown.current) notifications.show({ id, message: "" });
      if (status === "done" && download && url) void downloadFile(url);
      notifications.update({
        id,
        loading: false,
        color: status === "done" ? "teal" : "red",
        icon: status === "done" ? <IconCheck size={18} /> : <IconAlertTriangle size={18} />,
        title: status === "done" ? `${label}: done` : `${label}: failed`,
        message:
          status === "done" ? (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {summary
                  ? summary({ total, result: attributes.result })
                  : total === 1
                    ? "1 applicant"
                    : `${total} applicants`}
              </Text>
              {download && url ? (
                <Button size="compact-xs" variant="light" onClick={() => void downloadFile(url)}>
                  Download
                </Button>
              ) : null}
            </Group>
          ) : (
            (error ?? "The task stopped.")
          ),
        autoClose: download ? 15_000 : 5_000,
        withCloseButton: true,
      });
      onDone(status === "done");
      return;
    }
    const body = (
      <Stack gap={6}>
        <Text size="sm">{total > 0 ? `${done} of ${total}` : "Waiting in the queue…"}</Text>
        <Progress value={percent} size="sm" animated aria-label={`${label}: ${percent}%`} />
      </Stack>
    );
    const notice = {
      id,
      title: label,
      message: body,
      loading: false,
      icon: <IconLoader2 size={18} />,
      autoClose: false as const,
      withCloseButton: false,
      color: "blue",
    };
    if (shown.current) notifications.update(notice);
    else notifications.show(notice);
    shown.current = true;
  }, [attributes, id, label, download, onDone, summary]);

  // Unmounted before the end (the screen shows the task another way): its notice goes too.
  useEffect(
    () => () => {
      if (finished.current || !shown.current) return;
      notifications.hide(id);
      shown.current = false;
    },
    [id],
  );

  return null;
};
