import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { z } from "zod";

/** A change to a record, told to every API process's live subscribers (docs/live.md). */
export const ZLiveEvent = z.object({
  type: z.string(),
  ids: z.array(z.number().int()),
  event: z.enum(["create", "update", "delete"]),
  actorId: z.number().int().nullable(),
  at: z.string(),
  /** Only these clients hear it (a type declared `live: "recipients"`: a new notification). */
  to: z.array(z.number().int()).optional(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
export type TLiveListener = (event: TLiveEvent) => void;

export interface TEventBus {
  publish(event: TLiveEvent): void;
  subscribe(listener: TLiveListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = "crew:live";

/** One process (the embedded default): listeners hear what this process publishes. */
export const inProcessBus = (): TEventBus => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => void emitter.emit("event", event),
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
};

/**
 * Several API processes: events go through Redis pub/sub, so a plan moved through one process
 * reaches the schedulers connected to every other. The subscriber connection is opened on the
 * first subscription; ioredis reconnects it after Redis comes back. Publishing never fails a
 * write: a lost event is logged (the client also refetches on its own timer).
 */
export const redisBus = (redisUrl: string, publisher: Redis, logger: Logger): TEventBus => {
  const local = inProcessBus();
  let subscriber: Redis | null = null;
  const connect = () => {
    if (subscriber) return;
    subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    subscriber.on("error", (error) => logger.warn({ err: error }, "live events: Redis subscriber error"));
    subscriber
      .subscribe(CHANNEL)
      .catch((error: unknown) => logger.warn({ err: error }, "live events: subscribe failed"));
    subscriber.on("message", (_channel: string, message: string) => {
      const parsed = ZLiveEvent.safeParse(JSON.parse(message));
      if (parsed.success) local.publish(parsed.data);
    });
  };
  return {
    publish(event) {
      publisher
        .publish(CHANNEL, JSON.stringify(event))
        .catch((error: unknown) => logger.warn({ err: error }, "live event not published"));
    },
    subscribe(listener) {
      connect();
      return local.subscribe(listener);
    },
    async close() {
      await local.close();
      await subscriber?.quit().catch(() => undefined);
    },
  };
};
