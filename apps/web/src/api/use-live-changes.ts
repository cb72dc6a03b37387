import { useEffect, useRef } from "react";
import { apiPaths } from "./api-paths";
import { apiUrl, requestHeaders } from "./http-client";
import { storeRotatedHeaders } from "./auth-storage";

export interface TLiveChange {
  type: string;
  ids: number[];
  event: "create" | "update" | "delete";
  actor_id: number | null;
}

/** Waits before reconnecting a dropped stream (the server restarting, a proxy timing out). */
const RETRY_MS = 3000;

/**
 * Follows GET /api/live for the given types (docs/live.md) and calls `onChange` for each
 * change (the planner's plans, the header's own new notifications). EventSource cannot send the session headers, so the stream is read with fetch.
 */
export const useLiveChanges = (
  types: readonly string[],
  onChange: (change: TLiveChange) => void,
  enabled = true,
): void => {
  const handler = useRef(onChange);
  handler.current = onChange;
  const key = types.join(",");
  useEffect(() => {
    if (!enabled || !key) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const res = await fetch(apiUrl(apiPaths.live(key)), {
          headers: requestHeaders(),
          signal: controller.signal,
        });
        storeRotatedHeaders(res.headers);
        if (!res.ok || !res.body) throw new Error(`live ${res.status}`);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            if (data) handler.current(JSON.parse(data.slice(6)) as TLiveChange);
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void connect(), RETRY_MS);
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [key, enabled]);
};
