import type { TResourceObject } from "@crew/contracts";
import { del, get, post } from "../../api/http-client";
import { getList, type TListResult } from "../../api/data-provider";
import { queryKeys } from "../../api/query-keys";

/** Notification calls of spec 7.4, for the signed-in user's own notifications. */
export interface TNotificationAttributes {
  author_avatar: string | null;
  author_name: string | null;
  primary_text: string;
  secondary_text: string | null;
  item_link: string | null;
  shown: boolean;
  read: boolean;
  created_at: string;
}
export type TNotification = TResourceObject<TNotificationAttributes>;

const TYPE = "notifications";
export const PANEL_PAGE_SIZE = 10;

export const panelListParams = (page: number) => ({
  page,
  perPage: PANEL_PAGE_SIZE,
  sort: "-created_at",
  filter: { current_user: true, unread: true },
});

export const notificationKeys = {
  count: [TYPE, "count", {}] as const,
  popUp: [TYPE, "pop_up", {}] as const,
  lists: queryKeys.lists(TYPE),
  page: (page: number) => queryKeys.list(TYPE, panelListParams(page)),
};

export const fetchPanelPage = (page: number, signal?: AbortSignal): Promise<TListResult<TNotificationAttributes>> =>
  getList<TNotificationAttributes>(TYPE, panelListParams(page), signal);

export const fetchUnreadCount = async (signal?: AbortSignal): Promise<number> => {
  const answer = await get<{ unread_count?: number }>("/notifications/notification_count", undefined, { signal });
  return answer?.unread_count ?? 0;
};

export const fetchPopUp = async (signal?: AbortSignal): Promise<TNotification[]> => {
  const answer = await get<{ not_shown_notifications?: TNotification[] }>("/notifications/notification_pop_up", undefined, { signal });
  return answer?.not_shown_notifications ?? [];
};

/** `payload` is one id or several (spec 7.4). */
const payloadOf = (ids: readonly string[]): number | number[] => (ids.length === 1 ? Number(ids[0]) : ids.map(Number));

export const markAsShown = (ids: readonly string[]): Promise<void> => post("/notifications/mark_as_shown", { payload: payloadOf(ids) });
export const markAsRead = (ids: readonly string[]): Promise<void> => post("/notifications/mark_as_read", { payload: payloadOf(ids) });
export const markAllShown = (): Promise<void> => post("/notifications/mark_all_shown");
export const markAllRead = (): Promise<void> => post("/notifications/mark_all_read");
export const clearOne = (id: string): Promise<void> => del(`/notifications/${encodeURIComponent(id)}`);
export const clearAll = (): Promise<void> => del("/notifications");
