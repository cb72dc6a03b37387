import { announceMarked, finishRevocation } from "../auth/revocation-repository.js";
import type { TDb } from "../db/client.js";
import type { TActor } from "../http/context.js";
import type { TEventBus, TLiveEvent } from "../live/event-bus.js";
import type { TTx } from "./model-types.js";

/** Live events written inside a transaction, told to subscribers only once it committed. */
const afterCommit = new WeakMap<object, TLiveEvent[]>();

/**
 * Tells live subscribers of `event` once the transaction `tx` commits (nothing if it rolls
 * back). Used by repositories that write what someone follows live (a new notification);
 * outside a transaction of runInTransaction (the seed) there is no one to tell.
 */
export const publishAfterCommit = (tx: TTx, event: TLiveEvent): void => {
  afterCommit.get(tx)?.push(event);
};

/**
 * One transaction per write. Its first statement names the actor and the request for the
 * audit trigger (docs/versions.md): `set_config(..., true)` lasts until the transaction ends,
 * so every row any code path writes inside it is recorded with who and which request.
 * Its last statement announces what it revoked (a session, an account's role or status, the
 * permissions; auth/revocation-repository.ts) before the commit, so no session cache outlives the change.
 */
export const runInTransaction = async <T>(
  db: TDb,
  actor: Pick<TActor, "id" | "requestId"> | null,
  fn: (tx: TTx) => Promise<T>,
  bus?: Pick<TEventBus, "publish">,
): Promise<T> => {
  const events: TLiveEvent[] = [];
  let revoked: Awaited<ReturnType<typeof announceMarked>> = null;
  let result: T;
  try {
    result = await db.$transaction(
      async (tx) => {
        afterCommit.set(tx, events);
        await tx.$queryRaw`SELECT set_config('crew.actor_id', ${actor ? String(actor.id) : ""}, true), set_config('crew.request_id', ${actor?.requestId ?? ""}, true)`;
        const out = await fn(tx);
        revoked = await announceMarked(db, tx);
        return out;
      },
      // A write waits for a pool connection at most 10 s (the embedded database has one) and runs at most 60 s.
      { maxWait: 10_000, timeout: 60_000 },
    );
  } finally {
    await finishRevocation(db, revoked);
  }
  if (bus) for (const event of events) bus.publish(event);
  return result;
};
