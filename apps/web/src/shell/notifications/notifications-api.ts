import { notifications } from "@crew/contracts";
import { z } from "zod";
import { getList, remove, type TListResult } from "../../api/data-provider";
import { queryKeys } from "../../api/query-keys";
import { recordOf, type TAttributesOf, type TRecordOf } from "../../api/record-types";
import { runAction, runActionFor } from "../../api/run-action";

/** Notification calls of spec 7.4, for the signed-in user's own notifications: the definition's verbs and actions. */
export type TNotificationAttributes = TAttributesOf<typeof notifications>;
export type TNotification = TRecordOf<typeof notifications>;

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

export const fetchPanelPage = (
  page: number,
  signal?: AbortSignal,
): Promise<TListResult<TNotificationAttributes>> =>
  getList<TNotificationAttributes>(TYPE, panelListParams(page), signal);

/** The spec's plain answers (not JSON:API): `{unread_count}` and `{not_shown_notifications}`. */
const ZCountAnswer = z.object({ unread_count: z.number().optional() }).optional();
const ZNotificationObject = z.object({
  type: z.literal(TYPE),
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()),
});
const ZPopUpAnswer = z
  .object({ not_shown_notifications: z.array(ZNotificationObject).optional() })
  .optional();

export const fetchUnreadCount = async (signal?: AbortSignal): Promise<number> =>
  (await runActionFor(notifications, "notification_count", {}, ZCountAnswer, { signal }))?.unread_count ?? 0;

export const fetchPopUp = async (signal?: AbortSignal): Promise<TNotification[]> => {
  const answer = await runActionFor(notifications, "notification_pop_up", {}, ZPopUpAnswer, { signal });
  return (answer?.not_shown_notifications ?? []).map((n) => recordOf(notifications, n));
};

/** `payload` is one id or several (spec 7.4). */
const payloadOf = (ids: readonly string[]): number | number[] =>
  ids.length === 1 ? Number(ids[0]) : ids.map(Number);

const done = async (answer: Promise<unknown>): Promise<void> => {
  await answer;
};

export const markAsShown = (ids: readonly string[]): Promise<void> =>
  done(runAction(notifications, "mark_as_shown", { input: { payload: payloadOf(ids) } }));
export const markAsRead = (ids: readonly string[]): Promise<void> =>
  done(runAction(notifications, "mark_as_read", { input: { payload: payloadOf(ids) } }));
export const markAllShown = (): Promise<void> => done(runAction(notifications, "mark_all_shown", {}));
export const markAllRead = (): Promise<void> => done(runAction(notifications, "mark_all_read", {}));
export const clearOne = (id: string): Promise<void> => remove(TYPE, id);
export const clearAll = (): Promise<void> => done(runAction(notifications, "clear_all", {}));
