import type { ReactNode } from "react";
import { notifications } from "@mantine/notifications";
import { NOTICE_AUTO_DISMISS_MS } from "@crew/contracts";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";

/**
 * Success and error notices (spec 3.7, 8.2). Titles default to Success / Error and every
 * notice dismisses itself after 5000 ms, so a busy screen never piles them up.
 */
export type TNoticeType = "success" | "error";

export interface TNoticeOptions {
  /** A stable id replaces an earlier notice with the same id instead of stacking a copy. */
  id?: string;
  autoClose?: number | false;
}

const show = (type: TNoticeType, message: ReactNode, title: string, options: TNoticeOptions = {}): string =>
  notifications.show({
    id: options.id,
    title,
    message,
    color: type === "success" ? "teal" : "red",
    icon: type === "success" ? <IconCheck size={18} /> : <IconAlertTriangle size={18} />,
    autoClose: options.autoClose ?? NOTICE_AUTO_DISMISS_MS,
    withBorder: true,
  });

export const notifySuccess = (message: ReactNode, title = "Success", options?: TNoticeOptions): string =>
  show("success", message, title, options);

export const notifyError = (message: ReactNode, title = "Error", options?: TNoticeOptions): string =>
  show("error", message, title, options);

/** Several server messages as separate lines of one notice. */
export const noticeLines = (lines: readonly string[]): ReactNode =>
  lines.length <= 1 ? (
    (lines[0] ?? "")
  ) : (
    <>
      {lines.map((line, i) => (
        <span key={i} style={{ display: "block" }}>
          {line}
        </span>
      ))}
    </>
  );
