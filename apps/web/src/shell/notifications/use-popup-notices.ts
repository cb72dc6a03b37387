import { useEffect, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATION_POPUP_DEBOUNCE_MS, NOTIFICATION_POPUP_REFRESH_MS } from "@crew/contracts";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { fetchPopUp, markAsShown, notificationKeys, type TNotification } from "./notifications-api";

/** At most this many pop-ups at once; the rest are summed up in one line. */
const MAX_POPUPS = 3;

/**
 * Pop-up of new notifications (spec 4.3): polled every 180 s; what arrives is shown after
 * a 3 s quiet period (a burst of answers shows once), then marked shown on the server.
 * While `paused` (the panel is open, the user sees the list itself) nothing pops up; the
 * panel refetches this list after its changes, so cleared items never pop up afterwards.
 *
 * Those already waiting when the app opens (the first answer after sign-in or a reload) are
 * not popped one by one down the page's right column: two or more become one summary notice
 * (`summarize(count)`, which links the panel); a single one pops up as usual. What arrives
 * later pops up, at most MAX_POPUPS at once and the rest as "N more" (docs/decisions.md).
 */
export const usePopupNotices = (
  enabled: boolean,
  paused: boolean,
  show: (items: TNotification[], more: number) => void,
  summarize: (count: number) => void,
): void => {
  const queryClient = useQueryClient();
  const displayed = useRef(new Set<string>());
  // The ids of the first answer: what was waiting at sign-in.
  const waiting = useRef<ReadonlySet<string> | null>(null);
  const showRef = useRef(show);
  showRef.current = show;
  const summarizeRef = useRef(summarize);
  summarizeRef.current = summarize;

  // Marked shown after it showed: the bell and the panel reload, the pop-up list itself not (it
  // would only answer what is already on screen); a failure is silent, nothing shows twice.
  const markShown = useResourceMutation({
    mutationFn: (ids: readonly string[]) => markAsShown(ids),
    refusal: () => true,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.count }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists }),
      ]),
  });
  const mark = markShown.mutate;

  const popUp = useQuery({
    queryKey: notificationKeys.popUp,
    queryFn: ({ signal }) => fetchPopUp(signal),
    enabled,
    refetchInterval: NOTIFICATION_POPUP_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

  useEffect(() => {
    if (waiting.current === null && popUp.data) waiting.current = new Set(popUp.data.map((n) => n.id));
    if (paused) return;
    // Never show the same one twice, even if marking it shown failed.
    const fresh = (popUp.data ?? []).filter((n) => !displayed.current.has(n.id));
    if (fresh.length === 0) return;
    const timer = window.setTimeout(() => {
      for (const n of fresh) displayed.current.add(n.id);
      const earlier = fresh.filter((n) => waiting.current?.has(n.id));
      const summed = earlier.length > 1;
      if (summed) summarizeRef.current(earlier.length);
      const live = summed ? fresh.filter((n) => !waiting.current?.has(n.id)) : fresh;
      if (live.length > 0) showRef.current(live.slice(0, MAX_POPUPS), Math.max(0, live.length - MAX_POPUPS));
      mark(fresh.map((n) => n.id));
    }, NOTIFICATION_POPUP_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [popUp.data, paused, mark]);
};
