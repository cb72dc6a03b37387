import type { TDb } from "../db/client.js";
import type { TActor } from "../http/context.js";
import type { TTx } from "./model-types.js";

/**
 * One transaction per write. Its first statement names the actor and the request for the
 * audit trigger (docs/versions.md): `set_config(..., true)` lasts until the transaction ends,
 * so every row any code path writes inside it is recorded with who and which request.
 */
export const runInTransaction = async <T>(
  db: TDb,
  actor: Pick<TActor, "id" | "requestId"> | null,
  fn: (tx: TTx) => Promise<T>,
): Promise<T> =>
  db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT set_config('crew.actor_id', ${actor ? String(actor.id) : ""}, true), set_config('crew.request_id', ${actor?.requestId ?? ""}, true)`;
      return fn(tx);
    },
    // A write waits for a pool connection at most 10 s (the embedded database has one) and runs at most 60 s.
    { maxWait: 10_000, timeout: 60_000 },
  );
